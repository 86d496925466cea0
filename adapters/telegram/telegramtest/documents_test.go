package telegramtest

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

// sendDocument takes a multipart upload to a chat the bot may write to and
// keeps it for tests, within Telegram's limits: a caption over 1024
// characters is refused (400), a file over the document limit too (413),
// a user who never started the bot cannot get one (403), and a request
// without a file is refused.
func TestSendDocumentKeepsTheFileWithinTelegramsLimits(t *testing.T) {
	s := NewServer(t, "1:t", "b")
	s.DocumentLimit = 64
	s.AddUser(User{ID: 5, FirstName: "Ana", Started: true})
	s.AddUser(User{ID: 6, FirstName: "Ben"})
	send := func(chat, name, data, caption string) (int, string) {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		_ = w.WriteField("chat_id", chat)
		_ = w.WriteField("caption", caption)
		if name != "" {
			f, _ := w.CreateFormFile("document", name)
			_, _ = f.Write([]byte(data))
		}
		_ = w.Close()
		resp, err := http.Post(s.URL+"/bot1:t/sendDocument", w.FormDataContentType(), &body)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tc := range []struct {
		name                      string
		chat, file, data, caption string
		status                    int
	}{
		{"a file to a started user", "5", "hands.txt", "PokerStars Hand #1", "Your 1 hands", http.StatusOK},
		{"a caption too long", "5", "hands.txt", "x", strings.Repeat("c", MaxCaption+1), http.StatusBadRequest},
		{"a file over the limit", "5", "big.txt", strings.Repeat("x", 65), "", http.StatusRequestEntityTooLarge},
		{"an empty file", "5", "empty.txt", "", "", http.StatusBadRequest},
		{"no file", "5", "", "", "", http.StatusBadRequest},
		{"a user who never started the bot", "6", "hands.txt", "x", "", http.StatusForbidden},
	} {
		if code, body := send(tc.chat, tc.file, tc.data, tc.caption); code != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, code, body, tc.status)
		}
	}
	docs := s.AllDocuments()
	if len(docs) != 1 || len(docs[5]) != 1 {
		t.Fatalf("documents kept: %+v, want Ana's one", docs)
	}
	if d := docs[5][0]; d.Name != "hands.txt" || string(d.Data) != "PokerStars Hand #1" || d.Caption != "Your 1 hands" || d.MessageID == 0 {
		t.Errorf("document kept: %+v", d)
	}
}
