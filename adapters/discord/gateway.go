package discord

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
)

// shook counts a READY or RESUMED: the gateway connection is whole.
func (a *Adapter) shook() {
	a.mu.Lock()
	a.shakes++
	a.mu.Unlock()
}

// watchResume follows a lost gateway connection of gw: when no READY or
// RESUMED came within Config.ResumeWindow, Discord ended the session
// (Gateway, "Resuming": an Invalid Session, op 9, answers the RESUME of
// an expired session, and the socket closes). discordgo keeps the ended
// session's id, which only a READY replaces, and would RESUME it for
// ever: the session is retired and a new one identifies.
func (a *Adapter) watchResume(ctx context.Context, gw *discordgo.Session, shakes int64) {
	defer a.wg.Done()
	defer a.guard("watching the gateway resume")
	if !platform.Sleep(ctx, a.cfg.ResumeWindow) {
		return
	}
	a.mu.Lock()
	if a.closing || a.gw != gw || a.shakes != shakes {
		a.mu.Unlock()
		return
	}
	fresh, err := a.gatewaySession()
	if err != nil {
		a.mu.Unlock()
		a.log.Warn("could not make a new gateway session", "err", err)
		return
	}
	a.addHandlers(ctx, fresh)
	a.gw = fresh
	a.mu.Unlock()
	a.log.Warn("the gateway session was not resumed within " + a.cfg.ResumeWindow.String() + ": identifying anew")
	retire(gw)
	backoff := time.Second
	for {
		err := fresh.Open()
		if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			return
		}
		if refused := gatewayRefused(err); refused != nil {
			select {
			case a.fatal <- refused: // Run stops with it
			default:
			}
			return
		}
		a.log.Warn("the new gateway session could not connect", "err", redact(err))
		if !platform.Sleep(ctx, backoff) {
			return
		}
		backoff = min(backoff*2, a.cfg.MaxBackoff)
	}
}

// gatewaySession is a new session for the gateway, made as New makes the
// first: its client, user agent, intents and shard; it shares the first
// session's state (the servers, channels and threads the bot knows).
func (a *Adapter) gatewaySession() (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + a.cfg.Token)
	if err != nil {
		return nil, err
	}
	s.Client, s.UserAgent, s.LogLevel = a.s.Client, a.s.UserAgent, a.s.LogLevel
	s.Dialer = newDialer()
	s.Identify.Intents = a.s.Identify.Intents
	s.ShardID, s.ShardCount = a.s.ShardID, a.s.ShardCount
	s.State = a.s.State
	return s, nil
}

// newDialer is a session's websocket dialer.
func newDialer() *websocket.Dialer {
	return &websocket.Dialer{HandshakeTimeout: 15 * time.Second, Proxy: http.ProxyFromEnvironment}
}

// retire ends a session whose gateway session Discord ended: discordgo's
// reconnect loop reads ShouldReconnectOnError without its lock and stops
// only on ErrWSAlreadyOpen, so its dialer (read under the lock) answers
// that at the next attempt, and a connection it holds is closed.
func retire(s *discordgo.Session) {
	s.Lock()
	s.Dialer = refusingDialer()
	s.Unlock()
	go func() { _ = s.Close() }()
}

// refusingDialer is a dialer whose every dial fails with
// ErrWSAlreadyOpen, the one error that ends discordgo's reconnect loop.
func refusingDialer() *websocket.Dialer {
	return &websocket.Dialer{NetDialContext: func(context.Context, string, string) (net.Conn, error) {
		return nil, discordgo.ErrWSAlreadyOpen
	}}
}

// stateChannel is a copy of a channel the session's state knows, read
// under the state's lock: a CHANNEL_UPDATE rewrites the state's channel
// in place. nil when the state does not know it.
func (a *Adapter) stateChannel(id string) *discordgo.Channel {
	if a.s.State == nil {
		return nil
	}
	ch, err := a.s.State.Channel(id)
	if err != nil || ch == nil {
		return nil
	}
	a.s.State.RLock()
	defer a.s.State.RUnlock()
	c := *ch
	return &c
}

// gatewayRefused is Run's error for a gateway close that no retry mends
// (Discord, "Gateway Close Event Codes", reconnect false, besides 4004
// the token): the shard settings or the intents; nil for any other err.
func gatewayRefused(err error) error {
	var ce *websocket.CloseError
	if !errors.As(err, &ce) {
		return nil
	}
	switch ce.Code {
	case 4004:
		return errTokenRefused
	case 4010:
		return errors.New("discord: the gateway refused the shard (4010 Invalid shard): check DISCORD_SHARD_ID and DISCORD_SHARD_COUNT")
	case 4011:
		return errors.New("discord: the bot is in too many servers for one gateway connection (4011 Sharding required): run it in shards, setting DISCORD_SHARD_COUNT (a shard per 2,500 servers at most) and each process's DISCORD_SHARD_ID")
	case 4012, 4013, 4014:
		return fmt.Errorf("discord: the gateway refused the connection (%d %s)", ce.Code, ce.Text)
	}
	return nil
}
