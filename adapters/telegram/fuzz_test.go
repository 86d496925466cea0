package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
)

// okClient answers every Bot API call with success, without a network.
type okClient struct{}

func (okClient) Do(*http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"ok":true,"result":true}`))}, nil
}

// sinkRoom takes every command: it answers with text, and /fail with an
// error.
type sinkRoom struct{}

func (sinkRoom) Handle(_ context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Name == "fail" {
		return bot.Reply{}, errors.New("failed")
	}
	return bot.Reply{Text: "ok " + cmd.Name + " " + strings.Join(cmd.Args, " "), Private: len(cmd.Args) > 0}, nil
}

func (sinkRoom) MoveChat(context.Context, string, string, string) error { return nil }
func (sinkRoom) ChatLost(context.Context, string, string, string) error { return nil }

// Seeds of FuzzUpdates: the findings of issue 19 (a message without its
// chat, a press without its user, a text that is a number), well-formed
// updates of each kind, and a batch.
var updateSeeds = []string{
	`{"update_id":1,"message":{"message_id":2,"date":1,"from":{"id":101,"is_bot":false,"first_name":"Ana"},"text":"/tables"}}`,
	`{"update_id":1,"callback_query":{"id":"q1","chat_instance":"1","data":"x","message":{"message_id":1,"date":1,"chat":{"id":-100,"type":"supergroup"}}}}`,
	`{"update_id":1,"message":{"message_id":2,"date":1,"chat":{"id":-100,"type":"supergroup"},"from":{"id":101,"is_bot":false,"first_name":"Ana"},"text":5}}`,
	`{"update_id":3,"message":{"message_id":2,"date":1,"chat":{"id":-100,"type":"supergroup","title":"G"},"from":{"id":101,"is_bot":false,"first_name":"Ana","username":"ana","language_code":"es"},"text":"/grant@bot @ana 5"}}`,
	`{"update_id":4,"message":{"message_id":2,"date":1,"chat":{"id":101,"type":"private"},"from":{"id":101,"is_bot":false,"first_name":"Ana"},"text":"/start join_7"}}`,
	`{"update_id":5,"message":{"message_id":2,"date":1,"chat":{"id":-100,"type":"group"},"migrate_to_chat_id":-1001}}`,
	`{"update_id":6,"callback_query":{"id":"q2","chat_instance":"1","from":{"id":102,"is_bot":false,"first_name":"Ben"},"data":"tok","message":{"message_id":1,"date":1,"chat":{"id":-100,"type":"supergroup"}}}}`,
	`{"update_id":7,"callback_query":{"id":"q3","from":{"id":102,"is_bot":false,"first_name":"Ben"},"message":{"message_id":1,"date":1}}}`,
	`[{"update_id":8,"message":{"text":5}},{"update_id":9,"message":{"message_id":2,"date":1,"chat":{"id":-100,"type":"supergroup"},"from":{"id":101,"is_bot":false,"first_name":"Ana"},"text":"/fail"}}]`,
	`{"update_id":"x"}`, `{}`, `null`, `[]`, `[null,1,"a"]`,
}

// FuzzUpdates feeds arbitrary JSON to the adapter's handling of updates,
// as getUpdates or the webhook would give it: one update or a batch,
// decoded one by one (take) and handled (route) against a room that takes
// every command and a Bot API that says yes to everything, without a
// network. No input may panic: the adapter recovers panics, so the target
// fails on any it logged.
func FuzzUpdates(f *testing.F) {
	for _, s := range updateSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		panics := &platform.Panics{}
		a, err := New(Config{Token: "1:fuzz", Log: slog.New(panics)})
		if err != nil {
			t.Fatal(err)
		}
		a.api = &tgbotapi.BotAPI{Token: "1:fuzz", Client: okClient{}, Self: tgbotapi.User{ID: 1, IsBot: true, UserName: "bot"}}
		a.api.SetAPIEndpoint(tgbotapi.APIEndpoint)
		a.room = sinkRoom{}
		var batch []json.RawMessage
		if json.Unmarshal(raw, &batch) != nil {
			batch = []json.RawMessage{raw}
		}
		fresh, _, _ := a.take(batch)
		for _, u := range fresh {
			a.route(context.Background(), u)
		}
		a.wg.Wait()
		if seen := panics.Seen(); len(seen) > 0 {
			t.Fatalf("handling %s panicked:\n%s", raw, seen[0])
		}
	})
}
