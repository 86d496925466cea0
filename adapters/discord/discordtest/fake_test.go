package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

func call(t *testing.T, s *Server, method, path, auth string, body any) (int, map[string]any, http.Header) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, s.URL()+"/api/v9"+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out, resp.Header
}

func newServer(t *testing.T) *Server {
	s := NewServer(t, "tok", User{ID: "9", Username: "bot"})
	s.AddGuild("5", "g", "6")
	s.AddMember("5", User{ID: "1", Username: "ana"}, 0)
	return s
}

// The fake keeps Discord's rules on interaction callbacks: one
// acknowledgement, within the window, of a type that fits.
func TestCallbacksFollowDiscordsRules(t *testing.T) {
	s := newServer(t)
	it := s.Slash("6", "1", "wallet")
	cb := fmt.Sprintf("/interactions/%s/%s/callback", it.ID, it.Token)
	msg := map[string]any{"type": 4, "data": map[string]any{"content": "hi", "flags": 64}}
	if code, _, _ := call(t, s, "POST", cb, "", map[string]any{"type": 6}); code != 400 {
		t.Errorf("a deferred update answering a slash command: %d, want 400", code)
	}
	if code, _, _ := call(t, s, "POST", cb, "", msg); code != 204 {
		t.Fatalf("the first acknowledgement: %d", code)
	}
	if code, body, _ := call(t, s, "POST", cb, "", msg); code != 400 || body["code"] != float64(40060) {
		t.Errorf("a second acknowledgement: %d %v, want 400 with code 40060", code, body)
	}
	if r := s.Answer(it, time.Second); !r.Message.Ephemeral() || r.Message.For != "1" {
		t.Errorf("the ephemeral reply %+v is not only Ana's", r.Message)
	}
	if got := s.Everything("6", ""); len(got) != 0 {
		t.Errorf("others see the ephemeral reply: %q", got)
	}
	s.SetAckWindow(10 * time.Millisecond)
	late := s.Slash("6", "1", "wallet")
	time.Sleep(30 * time.Millisecond)
	if code, body, _ := call(t, s, "POST", fmt.Sprintf("/interactions/%s/%s/callback", late.ID, late.Token), "", msg); code != 404 || body["code"] != float64(10062) {
		t.Errorf("a late acknowledgement: %d %v, want 404 with code 10062", code, body)
	}
	if st := s.Stats(); st.Late != 1 || st.Twice != 1 {
		t.Errorf("stats %+v, want one late and one twice", st)
	}
}

// Components beyond Discord's limits, an empty message and a wrong token
// are refused; a Flood answers 429 with retry_after.
func TestMessagesFollowDiscordsLimits(t *testing.T) {
	s := newServer(t)
	button := func(id string) map[string]any {
		return map[string]any{"type": 2, "style": 1, "label": "x", "custom_id": id}
	}
	row := func(bs ...map[string]any) map[string]any { return map[string]any{"type": 1, "components": bs} }
	for name, body := range map[string]map[string]any{
		"six rows":          {"content": "x", "components": []any{row(button("a")), row(button("b")), row(button("c")), row(button("d")), row(button("e")), row(button("f"))}},
		"six in a row":      {"content": "x", "components": []any{row(button("a"), button("b"), button("c"), button("d"), button("e"), button("f"))}},
		"long custom_id":    {"content": "x", "components": []any{row(button(strings.Repeat("a", 101)))}},
		"duplicate id":      {"content": "x", "components": []any{row(button("a"), button("a"))}},
		"empty":             {"content": ""},
		"long content":      {"content": strings.Repeat("x", 2001)},
		"ephemeral channel": {"content": "x", "flags": 64},
	} {
		if code, _, _ := call(t, s, "POST", "/channels/6/messages", "Bot tok", body); code != 400 {
			t.Errorf("%s: %d, want 400", name, code)
		}
	}
	if code, _, _ := call(t, s, "POST", "/channels/6/messages", "Bot wrong", map[string]any{"content": "x"}); code != 401 {
		t.Errorf("a wrong token: %d, want 401", code)
	}
	code, _, h := call(t, s, "POST", "/channels/6/messages", "Bot tok", map[string]any{"content": "x"})
	if code != 200 || h.Get("X-RateLimit-Bucket") == "" || h.Get("X-RateLimit-Remaining") != "4" {
		t.Errorf("a message: %d, bucket headers %v", code, h)
	}
	s.Flood(1, 2*time.Second)
	if code, body, _ := call(t, s, "POST", "/channels/6/messages", "Bot tok", map[string]any{"content": "x"}); code != 429 || body["retry_after"] != float64(2) {
		t.Errorf("a flooded call: %d %v, want 429 with retry_after 2", code, body)
	}
	for i := 0; i < 4; i++ {
		call(t, s, "POST", "/channels/6/messages", "Bot tok", map[string]any{"content": "x"})
	}
	if code, _, _ := call(t, s, "POST", "/channels/6/messages", "Bot tok", map[string]any{"content": "x"}); code != 429 {
		t.Errorf("a sixth message within the bucket's window: %d, want 429", code)
	}
}
