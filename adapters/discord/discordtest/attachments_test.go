package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

// upload posts a message with files as discordgo does: the message as
// payload_json, the files as files[n].
func upload(t *testing.T, s *Server, path string, payload map[string]any, files map[string]string) int {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	raw, _ := json.Marshal(payload)
	_ = w.WriteField("payload_json", string(raw))
	i := 0
	for name, data := range files {
		f, _ := w.CreateFormFile(fmt.Sprintf("files[%d]", i), name)
		_, _ = f.Write([]byte(data))
		i++
	}
	_ = w.Close()
	req, _ := http.NewRequest("POST", s.URL()+"/api/v9"+path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bot tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// A message's files are kept with it, within the attachment limit (413
// over it) and with the message's own limits (content within 2,000
// characters).
func TestUploadsKeepTheFilesWithinDiscordsLimits(t *testing.T) {
	s := newServer(t)
	s.SetAttachmentLimit(64)
	for _, tc := range []struct {
		name    string
		content string
		files   map[string]string
		status  int
	}{
		{"a file", "your hands", map[string]string{"hands.txt": "PokerStars Hand #1"}, http.StatusOK},
		{"files over the limit in all", "", map[string]string{"a.txt": strings.Repeat("a", 40), "b.txt": strings.Repeat("b", 40)}, http.StatusRequestEntityTooLarge},
		{"content too long", strings.Repeat("c", 2001), map[string]string{"c.txt": "c"}, http.StatusBadRequest},
	} {
		if got := upload(t, s, "/channels/6/messages", map[string]any{"content": tc.content}, tc.files); got != tc.status {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.status)
		}
	}
	all := s.AllAttachments()
	if len(all) != 1 || len(all["6"]) != 1 || all["6"][0] != `hands.txt for ""` {
		t.Fatalf("files kept: %v, want the one accepted", all)
	}
	ms := s.Messages("6")
	if len(ms) != 1 || len(ms[0].Attachments) != 1 || string(ms[0].Attachments[0].Data) != "PokerStars Hand #1" || ms[0].Content != "your hands" {
		t.Errorf("message kept: %+v", ms)
	}
}
