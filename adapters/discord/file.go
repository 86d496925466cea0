package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/bot"
)

// maxAttachment is Discord's default limit on a message's files (25 MB;
// a server's boosts may raise it, a bot cannot count on them).
const maxAttachment = 25 << 20

// fileWait is how long a file waits for the answer to the interaction
// that asked for it (the room queues the file before the adapter answers
// the command): its token then carries the file.
const fileWait = 250 * time.Millisecond

var errFileTooLarge = errors.New("discord: the file is over 25 MB, the most a message may carry")

// deliverFile sends a view's file (bot.ViewFile) to one user, its text
// the message's content: as an ephemeral follow-up of their latest
// interaction while its token lives (waiting while an interaction of
// theirs is being answered: /export's own), else by direct message when
// DMs are configured. Like a private note, a file with neither is not
// sent (logged).
func (a *Adapter) deliverFile(ctx context.Context, user string, v bot.View) (string, error) {
	if len(v.File.Data) > maxAttachment {
		return "", fmt.Errorf("%w: %s, %d bytes", errFileTooLarge, v.File.Name, len(v.File.Data))
	}
	files := func() []*discordgo.File {
		return []*discordgo.File{{Name: v.File.Name, ContentType: "text/plain; charset=utf-8", Reader: bytes.NewReader(v.File.Data)}}
	}
	content := clip(v.Text, maxContent)
	a.mu.Lock()
	busy := a.handling[user] > 0
	last, ok := a.lastSeen.Lookup(user)
	a.mu.Unlock()
	if busy {
		return "", &bot.RateLimitError{RetryAfter: fileWait}
	}
	if ok && time.Since(last.at) < noteLifetime {
		_, err := a.s.FollowupMessageCreate(last.i, true, &discordgo.WebhookParams{Content: content, Files: files(),
			Flags: discordgo.MessageFlagsEphemeral}, sendOpts(ctx)...)
		if err == nil {
			return "", nil
		}
		if isRetryable(err) {
			return "", a.classify(err)
		}
		a.log.Debug("ephemeral file failed; trying a direct message", "err", redact(err))
	}
	ch, err := a.dmChannel(ctx, user)
	if err != nil || ch == "" {
		if err == nil {
			a.log.Info("a file could not be sent: no interaction of the user's to follow up and no direct messages", "file", v.File.Name)
		}
		return "", err
	}
	sent, err := a.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: content, Files: files()}, sendOpts(ctx)...)
	if hasCode(err, codeCannotDM) {
		a.mu.Lock()
		a.noDM.Set(user, true)
		a.mu.Unlock()
		return "", nil
	}
	if err != nil {
		return "", a.classify(err)
	}
	return sent.ID, nil
}
