// Attachments: files a bot uploads with a message (multipart/form-data: the
// message as payload_json, the files as files[n]), within Discord's limit.

package discordtest

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"sort"
	"strings"
)

// MaxAttachment is Discord's default limit on an upload: 25 MB in all
// (a server's boosts raise it; a bot cannot count on them).
const MaxAttachment = 25 << 20

// Attachment is a file uploaded with a message.
type Attachment struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
	Size     int    `json:"size"`
	Data     []byte `json:"-"`
}

// readBody reads a request's body: JSON as it is, a multipart upload as
// its payload_json with its files. A body over the limits is answered
// (413) and ok is false.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) (body []byte, files []Attachment, ok bool) {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		body, _ = io.ReadAll(io.LimitReader(r.Body, 1<<20))
		return body, nil, true
	}
	s.mu.Lock()
	limit := s.attachLimit
	s.mu.Unlock()
	raw, _ := io.ReadAll(io.LimitReader(r.Body, int64(limit)+2<<20))
	mr := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
	total := 0
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return nil, nil, false
		}
		data, _ := io.ReadAll(p)
		switch name := p.FormName(); {
		case name == "payload_json":
			body = data
		case strings.HasPrefix(name, "files["):
			total += len(data)
			files = append(files, Attachment{Filename: p.FileName(), Size: len(data), Data: data})
		}
	}
	if total > limit {
		s.fail(w, http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
		return nil, nil, false
	}
	return body, files, true
}

// SetAttachmentLimit lowers (or raises) the most bytes one message's
// files may have (default MaxAttachment).
func (s *Server) SetAttachmentLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.attachLimit = n
}

// attach gives m the files uploaded with the request being served; s.mu
// is held.
func (s *Server) attach(m *Message) {
	for _, f := range s.upload {
		f.ID = s.id()
		m.Attachments = append(m.Attachments, f)
	}
	s.upload = nil
}

// PrivateAttachments returns the files the bot sent to userID alone, in
// order: in its DMs with them and in ephemeral messages only they see.
func (s *Server) PrivateAttachments(userID string) []Attachment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var msgs []*Message
	if ch := s.channels[s.dms[userID]]; ch != nil && s.dms[userID] != "" {
		msgs = append(msgs, ch.Messages...)
	}
	for id, ch := range s.channels {
		if id == s.dms[userID] {
			continue
		}
		for _, m := range ch.Messages {
			if m.For == userID {
				msgs = append(msgs, m)
			}
		}
	}
	sort.Slice(msgs, func(i, j int) bool { return idLess(msgs[i].ID, msgs[j].ID) })
	var out []Attachment
	for _, m := range msgs {
		out = append(out, m.Attachments...)
	}
	return out
}

// idLess orders snowflakes (numbers of any length).
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// AllAttachments returns every file the bot sent, by channel, with who
// may see each (the user of an ephemeral message; "" for everyone in the
// channel).
func (s *Server) AllAttachments() map[string][]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string][]string{}
	for id, ch := range s.channels {
		for _, m := range ch.Messages {
			for _, a := range m.Attachments {
				out[id] = append(out[id], fmt.Sprintf("%s for %q", a.Filename, m.For))
			}
		}
	}
	return out
}
