package discord

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
)

// okTransport answers every REST call with 200 and an empty object,
// without a network.
type okTransport struct{}

func (okTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		r.Body.Close()
	}
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{}`)), Request: r}, nil
}

// sinkRoom takes every command: it answers with text, and /fail with an
// error; it lists one table.
type sinkRoom struct{}

func (sinkRoom) Handle(_ context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Name == "fail" {
		return bot.Reply{}, errors.New("failed")
	}
	return bot.Reply{Text: "ok " + cmd.Name + " " + strings.Join(cmd.Args, " "), Private: cmd.Token != ""}, nil
}

func (sinkRoom) ChatLost(context.Context, string, string, string) error { return nil }

func (sinkRoom) TablesIn(string, string) []bot.TableChoice {
	return []bot.TableChoice{{Label: "#1", Title: "Main", Seated: 2, Seats: 6}}
}

// Seeds of FuzzInteractions: malformed interactions (null options, no
// user, data of another kind, a modal's rows that are not rows) and
// well-formed ones of each type.
var interactionSeeds = []string{
	`{"id":"1","type":2,"token":"t","channel_id":"600","guild_id":"500","member":{"user":{"id":"101"}},"data":{"name":"tables","options":[null]}}`,
	`{"id":"1","type":4,"token":"t","channel_id":"600","guild_id":"500","member":{"user":{"id":"101"}},"data":{"name":"join","options":[null,{"name":"table","type":3,"value":"#","focused":true}]}}`,
	`{"id":"1","type":2,"token":"t","channel_id":"600","guild_id":"500","member":{"permissions":"32"},"data":{"name":"tables"}}`,
	`{"id":"1","type":3,"token":"t","channel_id":"600","user":{"id":"101"},"data":{"custom_id":"amt:r:2:100:tok","component_type":2}}`,
	`{"id":"1","type":3,"token":"t","channel_id":"600","user":{"id":"101"},"data":{"custom_id":"tok","component_type":2}}`,
	`{"id":"1","type":5,"token":"t","channel_id":"600","user":{"id":"101"},"locale":"es-ES","data":{"custom_id":"amt:b:2:100:tok","components":[{"type":1,"components":[{"type":4,"custom_id":"amount","value":"50"}]},{"type":2}]}}`,
	`{"id":"1","type":2,"token":"t","channel_id":"600","guild_id":"500","member":{"user":{"id":"101"},"nick":"N","permissions":"8","roles":["777"]},"data":{"name":"fail","options":[{"name":"amount","type":4,"value":5}]}}`,
	`{"id":"1","type":2,"data":null,"user":{"id":"1"}}`, `{"id":"1","type":9,"user":{"id":"1"}}`, `{}`, `null`,
}

// FuzzInteractions feeds arbitrary JSON, decoded as discordgo decodes an
// INTERACTION_CREATE, to the adapter's handling of interactions against a
// room that takes every command and a REST API that says yes to
// everything, without a network. No input may panic: the adapter recovers
// panics, so the target fails on any it logged.
func FuzzInteractions(f *testing.F) {
	for _, s := range interactionSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var i discordgo.Interaction
		if json.Unmarshal(raw, &i) != nil {
			return // discordgo drops an event it cannot decode
		}
		panics := &platform.Panics{}
		a, err := New(Config{Token: "fuzz", HTTP: okTransport{}, Log: slog.New(panics), AckAfter: time.Minute, AdminRole: "777"})
		if err != nil {
			t.Fatal(err)
		}
		a.room = sinkRoom{}
		a.handleInteraction(context.Background(), &i)
		a.wg.Wait()
		if seen := panics.Seen(); len(seen) > 0 {
			t.Fatalf("handling %s panicked:\n%s", raw, seen[0])
		}
	})
}
