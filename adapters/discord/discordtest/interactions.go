// Interaction callbacks, the original response and follow-ups, acknowledged
// within Discord's window and only once.

package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// finish marks the interaction answered for Answer (once).
func (it *Interaction) finish() {
	select {
	case <-it.done:
	default:
		close(it.done)
	}
}

// callback is an interaction's acknowledgement.
func (s *Server) callback(w http.ResponseWriter, id, token string, body []byte) {
	it := s.interactions[token]
	if it == nil || it.ID != id {
		s.fail(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if time.Since(it.Created) > s.ackWindow {
		it.Late = true
		s.stats.Late++
		s.fail(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if it.Acked {
		it.Twice = true
		s.stats.Twice++
		s.fail(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	var resp struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	var b messageBody
	if len(resp.Data) > 0 && string(resp.Data) != "null" {
		if err := json.Unmarshal(resp.Data, &b); err != nil {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
	}
	fromMessage := it.Type == InteractionComponent || it.Type == InteractionModalSubmit
	r := &Response{Type: resp.Type}
	switch resp.Type {
	case CallbackMessage, CallbackDeferred:
		if it.Type == InteractionAutocomplete {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid interaction response type for an autocomplete")
			return
		}
		if resp.Type == CallbackMessage {
			if bad := checkMessage(b); bad != "" {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
				return
			}
			if (b.Content == nil || *b.Content == "") && (b.Embeds == nil || len(*b.Embeds) == 0) {
				s.fail(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
				return
			}
		}
		m := s.newMessage(it.ChannelID, b)
		m.Interaction = it.ID
		if m.Ephemeral() {
			m.For = it.User.ID
		}
		if resp.Type == CallbackDeferred {
			m.Versions = nil
		}
		s.channels[it.ChannelID].Messages = append(s.channels[it.ChannelID].Messages, m)
		r.Message = m
	case CallbackDeferredUpdate, CallbackUpdate:
		if !fromMessage {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid interaction response type: not a message component")
			return
		}
		if resp.Type == CallbackUpdate {
			if bad := checkMessage(b); bad != "" {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
				return
			}
		}
	case CallbackAutocomplete:
		var raw map[string]json.RawMessage
		_ = json.Unmarshal(resp.Data, &raw)
		if c, ok := raw["choices"]; !ok || string(c) == "null" {
			// "Receiving and Responding", Autocomplete: choices is required
			// (an empty array shows "No options match your search")
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: data.choices: This field is required")
			return
		}
		if it.Type != InteractionAutocomplete || len(b.Choices) > 25 {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid autocomplete result")
			return
		}
		r.Choices = b.Choices
	case CallbackModal:
		if it.Type != InteractionCommand && it.Type != InteractionComponent {
			s.fail(w, http.StatusBadRequest, 50035, "A modal cannot answer a modal or an autocomplete")
			return
		}
		var md Modal
		_ = json.Unmarshal(resp.Data, &md)
		if md.CustomID == "" || len(md.CustomID) > maxCustomID || md.Title == "" || len([]rune(md.Title)) > 45 {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: modal custom_id or title")
			return
		}
		if bad := checkComponents(md.Components, ComponentTextInput); bad != "" {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
			return
		}
		r.Modal = &md
	default:
		s.fail(w, http.StatusBadRequest, 50035, fmt.Sprintf("Invalid interaction response type %d", resp.Type))
		return
	}
	it.Acked = true
	it.Response = r
	if resp.Type != CallbackDeferred {
		close(it.done)
	}
	s.ok(w, nil)
	s.notify()
}

// webhookMessage reads or edits an interaction's original response or a
// follow-up.
func (s *Server) webhookMessage(w http.ResponseWriter, method, token, msgID string, body []byte) {
	it := s.interactions[token]
	if it == nil || time.Since(it.Created) > tokenLifetime {
		s.fail(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	var m *Message
	if msgID == "@original" {
		if it.Response != nil {
			m = it.Response.Message
		}
	} else {
		for _, f := range it.Followups {
			if f.ID == msgID {
				m = f
			}
		}
	}
	if m == nil {
		s.fail(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	switch method {
	case "GET":
		s.ok(w, m)
	case "PATCH":
		b, ok := s.decodeMessage(w, body)
		if !ok {
			return
		}
		s.edit(m, b)
		if msgID == "@original" && it.Response.Type == CallbackDeferred {
			it.finish()
		}
		s.ok(w, m)
		s.notify()
	case "DELETE":
		m.Deleted = true
		if msgID == "@original" && it.Response.Type == CallbackDeferred {
			it.finish() // the deferral is done with: nothing to show
		}
		s.ok(w, nil)
		s.notify()
	default:
		s.tb.Errorf("discordtest: %s on a webhook message is not implemented", method)
		s.fail(w, http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
	}
}

// followup creates a follow-up message of an acknowledged interaction.
func (s *Server) followup(w http.ResponseWriter, token string, body []byte) {
	it := s.interactions[token]
	if it == nil || time.Since(it.Created) > tokenLifetime {
		s.fail(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	if !it.Acked {
		s.fail(w, http.StatusBadRequest, 40060, "Interaction has not been acknowledged")
		return
	}
	b, ok := s.decodeMessage(w, body)
	if !ok {
		return
	}
	if r := it.Response; r != nil && r.Type == CallbackDeferred && len(r.Message.Versions) == 0 {
		// Discord: the first follow-up of a deferred reply replaces its
		// "thinking…" message (keeping the deferral's flags).
		s.edit(r.Message, b)
		it.finish()
		s.ok(w, r.Message)
		s.notify()
		return
	}
	m := s.newMessage(it.ChannelID, b)
	m.Interaction = it.ID
	if m.Ephemeral() {
		m.For = it.User.ID
	}
	it.Followups = append(it.Followups, m)
	s.channels[it.ChannelID].Messages = append(s.channels[it.ChannelID].Messages, m)
	s.ok(w, m)
	s.notify()
}
