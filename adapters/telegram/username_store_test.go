package telegram

import (
	"context"
	"strings"
	"sync"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/pokerroom/pokerroom/bot"
)

// countingState is a State in memory that counts its username writes.
type countingState struct {
	mu     sync.Mutex
	values map[string]string
	writes int // of usernamePrefix keys
}

func (s *countingState) SetMessageID(context.Context, string, string) error { return nil }
func (s *countingState) MessageID(context.Context, string) (string, error) {
	return "", bot.ErrNotFound
}

func (s *countingState) SetValue(_ context.Context, key, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.HasPrefix(key, usernamePrefix) {
		s.writes++
	}
	s.values[key] = value
	return nil
}

func (s *countingState) Value(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.values[key]
	if !ok {
		return "", bot.ErrNotFound
	}
	return v, nil
}

// A user's @username is written to the store when it is new or names
// another user, not at their first message after every restart: the
// adapter wrote "telegram:username:<name>" once per user per restart
// even when the stored id was the same (found by an outside review).
func TestUsernameIsStoredOnlyWhenNewOrChanged(t *testing.T) {
	st := &countingState{values: map[string]string{}}
	ctx := context.Background()
	dave := &tgbotapi.User{ID: 104, FirstName: "Dave", UserName: "Dave_P"}
	steps := []struct {
		what   string
		user   *tgbotapi.User
		writes int // username writes so far
	}{
		{"first message", dave, 1},
		{"second message", dave, 1},
		{"after a restart", dave, 1}, // a new adapter below
		{"the username taken by another user", &tgbotapi.User{ID: 105, FirstName: "Eve", UserName: "dave_p"}, 2},
		{"its first owner again, after a restart", dave, 3},
	}
	var a *Adapter
	for i, s := range steps {
		if i == 0 || strings.Contains(s.what, "after a restart") {
			var err error
			if a, err = New(Config{Token: "1:x", State: st}); err != nil {
				t.Fatal(err)
			}
		}
		a.learn(ctx, s.user, nil)
		if st.writes != s.writes {
			t.Errorf("%s: %d username writes, want %d", s.what, st.writes, s.writes)
		}
		if id, ok := a.userNamed(ctx, "dave_p"); !ok || id != s.user.ID {
			t.Errorf("%s: @dave_p is %d (%v), want %d", s.what, id, ok, s.user.ID)
		}
	}
}
