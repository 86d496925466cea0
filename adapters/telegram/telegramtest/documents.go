// sendDocument: files the bot uploads (multipart/form-data), with
// Telegram's limits for bots, kept for tests to read.

package telegramtest

import (
	"fmt"
	"net/url"
)

// Telegram's limits on a bot's document.
const (
	// MaxDocument is the most bytes a bot may upload as a document (50
	// MB).
	MaxDocument = 50 << 20
	// MaxCaption is the most characters of a caption.
	MaxCaption = 1024
)

// Document is a file the bot sent to a chat.
type Document struct {
	Chat      int64
	MessageID int
	Name      string
	Data      []byte
	Caption   string
}

// sendDocument takes an uploaded file (the "document" field of a
// multipart form; a file_id or URL is refused, the room never sends
// one), within Telegram's limits, to a chat the bot may write to.
func (s *Server) sendDocument(p url.Values, files map[string]upload) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	f, ok := files["document"]
	if !ok {
		return nil, &apiError{code: 400, description: "Bad Request: there is no document in the request"}
	}
	source, mode := p.Get("caption"), p.Get("parse_mode")
	caption, e := checkTextMax(source, mode, MaxCaption, "message caption is too long")
	if e != nil {
		return nil, s.malformed(e)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case len(f.data) == 0:
		return nil, &apiError{code: 400, description: "Bad Request: file must be non-empty"}
	case len(f.data) > s.DocumentLimit:
		return nil, &apiError{code: 413, description: "Request Entity Too Large"}
	}
	m, e := s.post(chat, &Message{Text: caption, Source: source, ParseMode: mode})
	if e != nil {
		return nil, e
	}
	d := Document{Chat: chat, MessageID: m.ID, Name: f.name, Data: f.data, Caption: caption}
	s.docs[chat] = append(s.docs[chat], d)
	out := s.messageJSON(m)
	out["document"] = map[string]any{"file_id": fmt.Sprint("doc", len(s.docs[chat])), "file_unique_id": "u", "file_name": f.name, "file_size": len(f.data)}
	return out, nil
}

// Documents returns the documents the bot sent to chat (a user's id: their
// private chat), oldest first.
func (s *Server) Documents(chat int64) []Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Document(nil), s.docs[chat]...)
}

// AllDocuments returns every document the bot sent, by chat.
func (s *Server) AllDocuments() map[int64][]Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[int64][]Document{}
	for c, ds := range s.docs {
		out[c] = append([]Document(nil), ds...)
	}
	return out
}
