// The HTTP side: the Bot API's requests routed to their methods, its
// errors and parameters, and getUpdates's long poll.

package telegramtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type apiError struct {
	code        int
	description string
	retryAfter  int
	migrateTo   int64
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/bot")
	token, method, ok := strings.Cut(path, "/")
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	if !ok || token != s.Token || revoked {
		writeError(w, apiError{code: 401, description: "Unauthorized"})
		return
	}
	params, files, err := readParams(r)
	if err != nil {
		writeError(w, apiError{code: 400, description: "Bad Request: " + err.Error()})
		return
	}
	s.mu.Lock()
	s.stats.Calls[method]++
	failing, slow := s.failing[method] > 0, s.slow[method]
	if failing {
		s.failing[method]--
	}
	limited := s.limited[method]
	if limited[0] > 0 {
		limited[0]--
		s.limited[method] = limited
		s.stats.RateLimited++
		s.mu.Unlock()
		writeError(w, apiError{code: 429, description: fmt.Sprintf("Too Many Requests: retry after %d", limited[1]), retryAfter: limited[1]})
		return
	}
	s.mu.Unlock()
	if slow > 0 {
		select {
		case <-time.After(slow):
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		}
	}
	if failing {
		writeError(w, apiError{code: 500, description: "Internal Server Error"})
		return
	}
	var result any
	var aerr *apiError
	switch method {
	case "getMe":
		result = map[string]any{"id": 1, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser,
			"can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false}
	case "getUpdates":
		result, aerr = s.getUpdates(r.Context(), params)
	case "sendMessage":
		result, aerr = s.sendMessage(params)
	case "editMessageText", "editMessageReplyMarkup":
		result, aerr = s.editMessage(method, params)
	case "answerCallbackQuery":
		result, aerr = s.answerCallback(params)
	case "deleteMessage":
		result, aerr = s.deleteMessage(params)
	case "setMyCommands":
		result, aerr = s.setMyCommands(params)
	case "getChatMember":
		result, aerr = s.getChatMember(params)
	case "getChat":
		result, aerr = s.getChat(params)
	case "createForumTopic":
		result, aerr = s.createForumTopic(params)
	case "sendDocument":
		result, aerr = s.sendDocument(params, files)
	case "setWebhook":
		result, aerr = s.setWebhook(params)
	case "deleteWebhook":
		s.mu.Lock()
		s.webhook, s.whSecret = "", ""
		if s.whCancel != nil {
			s.whCancel()
			s.whCancel = nil
		}
		s.mu.Unlock()
		result = true
	default:
		s.tb.Errorf("telegramtest: the bot called %s, which the fake does not implement", method)
		aerr = &apiError{code: 404, description: "Not Found: method not found"}
	}
	if aerr != nil {
		writeError(w, *aerr)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "result": result})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, e apiError) {
	body := map[string]any{"ok": false, "error_code": e.code, "description": e.description}
	if e.retryAfter > 0 {
		body["parameters"] = map[string]any{"retry_after": e.retryAfter}
	}
	if e.migrateTo != 0 {
		body["parameters"] = map[string]any{"migrate_to_chat_id": e.migrateTo}
	}
	writeJSON(w, e.code, body)
}

// readParams reads a request's parameters: a query string, a form, a
// multipart form (its files too, by field) or a JSON object.
func readParams(r *http.Request) (url.Values, map[string]upload, error) {
	var files map[string]upload
	v := r.URL.Query()
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		var m map[string]any
		if err := json.NewDecoder(io.LimitReader(r.Body, 10<<20)).Decode(&m); err != nil {
			return nil, nil, fmt.Errorf("malformed JSON: %v", err)
		}
		for k, x := range m {
			switch t := x.(type) {
			case string:
				v.Set(k, t)
			default:
				b, _ := json.Marshal(t)
				v.Set(k, string(b))
			}
		}
	case "multipart/form-data":
		if err := r.ParseMultipartForm(10 << 20); err != nil {
			return nil, nil, err
		}
		for k, xs := range r.MultipartForm.Value {
			v[k] = xs
		}
		var err error
		if files, err = readFiles(r.MultipartForm.File, v); err != nil {
			return nil, nil, err
		}
	default:
		if err := r.ParseForm(); err != nil {
			return nil, nil, err
		}
		for k, xs := range r.PostForm {
			v[k] = xs
		}
	}
	return v, files, nil
}

// upload is a file of a multipart request.
type upload struct {
	name string
	data []byte
}

// readFiles reads a multipart form's files, by field; each field's value
// becomes "file:<name>".
func readFiles(form map[string][]*multipart.FileHeader, v url.Values) (map[string]upload, error) {
	files := map[string]upload{}
	for k, fs := range form {
		if len(fs) == 0 {
			continue
		}
		f, err := fs[0].Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		v.Set(k, "file:"+fs[0].Filename)
		files[k] = upload{name: fs[0].Filename, data: data}
	}
	return files, nil
}

func (s *Server) getUpdates(ctx context.Context, p url.Values) (any, *apiError) {
	offset, _ := strconv.Atoi(p.Get("offset"))
	limit, _ := strconv.Atoi(p.Get("limit"))
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(p.Get("timeout"))
	deadline := time.NewTimer(time.Duration(timeout) * time.Second)
	defer deadline.Stop()
	s.mu.Lock()
	s.setAllowed(p.Get("allowed_updates"))
	s.mu.Unlock()
	for {
		s.mu.Lock()
		if s.webhook != "" {
			s.mu.Unlock()
			return nil, &apiError{code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"}
		}
		if offset > s.nextUpd+1 {
			// An offset past every update: the ids started afresh, lower
			// (RestartUpdateIDs), and Telegram returns the new updates
			// whatever the old offset (go-telegram-bot-api#156 shows the
			// Bot API answering offset 727334708 with update 117314199).
			offset = 0
		}
		if offset > 0 {
			// Updates before offset are confirmed: forget them.
			var keepU []json.RawMessage
			var keepI []int
			for i, id := range s.updateIDs {
				if id >= offset || s.forced[id] {
					keepU, keepI = append(keepU, s.updates[i]), append(keepI, id)
				}
			}
			s.updates, s.updateIDs = keepU, keepI
			if offset-1 > s.confirmed {
				s.confirmed = offset - 1
				s.bump()
			}
		}
		var out []json.RawMessage
		for i, id := range s.updateIDs {
			if len(out) < limit && s.sendable(s.updates[i]) {
				out = append(out, s.updates[i])
			}
			if s.forced[id] {
				// Sent once more: confirmed by this answer.
				delete(s.forced, id)
				s.updates = append(s.updates[:i:i], s.updates[i+1:]...)
				s.updateIDs = append(s.updateIDs[:i:i], s.updateIDs[i+1:]...)
				break
			}
		}
		ch := s.changed
		s.mu.Unlock()
		if len(out) > 0 || timeout <= 0 {
			if out == nil {
				out = []json.RawMessage{}
			}
			return out, nil
		}
		select {
		case <-ch:
		case <-deadline.C:
			return []json.RawMessage{}, nil
		case <-ctx.Done():
			return []json.RawMessage{}, nil
		case <-s.closing:
			return []json.RawMessage{}, nil
		}
	}
}
