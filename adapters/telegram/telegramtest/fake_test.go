package telegramtest

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram"
)

type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

// A method the fake does not implement fails the test that called it.
func TestUnimplementedMethodFailsTheTest(t *testing.T) {
	rec := &recorder{}
	s := NewServer(rec, "1:t", "b")
	defer s.Close()
	resp, err := http.PostForm(s.URL+"/bot1:t/sendPoll", url.Values{"chat_id": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "sendPoll") {
		t.Errorf("status %d, errors %q", resp.StatusCode, rec.errs)
	}
}

// getUpdates holds a long poll for its timeout, returns at once when an
// update comes, and forgets updates before the offset.
func TestLongPollHonoursTimeoutAndOffset(t *testing.T) {
	s := NewServer(t, "1:t", "b")
	s.AddUser(User{ID: 5, FirstName: "Ana", Started: true})
	get := func(offset, timeout int) (string, time.Duration) {
		t0 := time.Now()
		resp, err := http.PostForm(s.URL+"/bot1:t/getUpdates", url.Values{"offset": {fmt.Sprint(offset)}, "timeout": {fmt.Sprint(timeout)}})
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b strings.Builder
		buf := make([]byte, 1<<16)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		return b.String(), time.Since(t0)
	}
	body, d := get(0, 1)
	if !strings.Contains(body, `"result":[]`) || d < 900*time.Millisecond {
		t.Errorf("an empty long poll returned %s after %v, want [] after about 1 s", body, d)
	}
	go func() { time.Sleep(100 * time.Millisecond); s.Say(5, 5, "/help") }()
	body, d = get(0, 5)
	if !strings.Contains(body, `"update_id":1001`) || d > 3*time.Second {
		t.Errorf("a long poll with an update coming returned %s after %v", body, d)
	}
	body, _ = get(1002, 0)
	if strings.Contains(body, "1001") {
		t.Errorf("an update before the offset came again: %s", body)
	}
}

// The fake holds a bot to the adapter's own figures, telegram.Limits: one
// chat takes PerChatBurst messages at once, and ChatBurstTolerance more
// (Telegram's short bursts), and answers the next with a 429 and its
// retry_after.
func TestTheFakeKeepsTheAdaptersPerChatLimit(t *testing.T) {
	s := NewServer(t, "1:t", "b")
	s.Scale = 1e-9 // the limits' clock all but stopped: nothing refills during the test
	s.AddUser(User{ID: 5, FirstName: "Ana", Started: true})
	send := func() (int, string) {
		resp, err := http.PostForm(s.URL+"/bot1:t/sendMessage", url.Values{"chat_id": {"5"}, "text": {"hi"}})
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	burst := telegram.Limits.PerChatBurst + ChatBurstTolerance
	for i := range burst {
		if code, body := send(); code != http.StatusOK {
			t.Fatalf("message %d of the burst: %d %s", i+1, code, body)
		}
	}
	if code, body := send(); code != http.StatusTooManyRequests || !strings.Contains(body, "retry_after") {
		t.Errorf("a message past the chat's burst of %d: %d %s, want 429 with retry_after", burst, code, body)
	}
}
