package telegram

import (
	"errors"
	"fmt"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// Telegram's limits on a bot's document.
const (
	maxDocument = 50 << 20 // bytes a bot may upload
	maxCaption  = 1024     // characters of a caption
)

// errFileTooLarge: a file over Telegram's limit for bots is not sent.
var errFileTooLarge = errors.New("telegram: the file is over 50 MB, the most a bot may send")

// deliverFile sends a view's file (bot.ViewFile) to its user's private
// chat as a document (sendDocument), its text the caption. A user who
// never started the bot (or blocked it) cannot get it: the group it was
// asked from (origin) is told, as for any private answer (privateOnly:
// the notice with the Start button, or a one-line reply); the file is
// not kept.
func (a *Adapter) deliverFile(user int64, v bot.View, origin string) (string, error) {
	if len(v.File.Data) > maxDocument {
		return "", fmt.Errorf("%w: %s, %d bytes", errFileTooLarge, v.File.Name, len(v.File.Data))
	}
	a.mu.Lock()
	known := a.notStarted.Get(user)
	a.mu.Unlock()
	// A user who never started the bot (or blocked it) is told in the
	// group the file was asked from, as for any private answer.
	notStarted := func() (string, error) {
		if chat, err := strconv.ParseInt(origin, 10, 64); err == nil && chat != 0 && chat != user {
			a.privateOnly(note{User: user, Chat: chat})
		}
		return "", nil
	}
	if known {
		return notStarted()
	}
	doc := tgbotapi.NewDocument(user, tgbotapi.FileBytes{Name: v.File.Name, Bytes: v.File.Data})
	doc.Caption = view.HTMLText(v.Text, maxCaption)
	doc.ParseMode = tgbotapi.ModeHTML
	sent, err := a.api.Send(doc)
	switch {
	case isForbidden(err):
		a.refused(user)
		return notStarted()
	case err != nil:
		return "", a.classify(err)
	}
	return strconv.Itoa(sent.MessageID), nil
}
