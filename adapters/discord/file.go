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
	caption := content(v.Text)
	a.mu.Lock()
	busy := a.handling[user] > 0
	a.mu.Unlock()
	if busy {
		return "", &bot.RateLimitError{RetryAfter: fileWait}
	}
	if done, err := a.followUp(ctx, user, &discordgo.WebhookParams{Content: caption, Files: files()}, "file"); done || err != nil {
		return "", err
	}
	ch, err := a.dmChannel(ctx, user)
	if err != nil || ch == "" {
		if err == nil {
			a.log.Info("a file could not be sent: no interaction of the user's to follow up and no direct messages", "file", v.File.Name)
		}
		return "", err
	}
	return a.sendDM(ctx, user, ch, &discordgo.MessageSend{Content: caption, Files: files()})
}
