// The bot's own membership of a chat (my_chat_member updates): a group
// that removed the bot sees nothing more, so its tables stop.

package telegram

import (
	"context"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// onMyMember follows a change of the bot's membership in a chat. Removed
// from a group (kicked, or left), the bot can no longer show anything
// there: the room stops that chat's tables and tournaments
// (Room.ChatLost), and the adapter forgets the chat as the group its users
// last wrote in. Muted (restricted from sending messages) it is as good as
// removed for the players: nobody would see a table, so the same is done.
// In a private chat, a user who unblocks the bot (status member again,
// without sending /start) is reachable again (started); a user blocking it
// is found out by the next message refused, as before.
// The bot's being added to a group or promoted changes nothing here.
func (a *Adapter) onMyMember(ctx context.Context, m *tgbotapi.ChatMemberUpdated) {
	if m.Chat.IsPrivate() {
		if m.NewChatMember.Status == "member" {
			a.started(m.Chat.ID)
		}
		return
	}
	if m.NewChatMember.User == nil || m.NewChatMember.User.ID != a.api.Self.ID {
		return // about another member: not the bot's removal
	}
	why := ""
	switch m.NewChatMember.Status {
	case "kicked":
		why = "the bot was removed from the chat"
	case "left":
		why = "the bot left the chat, or was removed from the chat"
	case "restricted":
		if !m.NewChatMember.IsMember {
			why = "the bot was removed from the chat"
		} else if !m.NewChatMember.CanSendMessages {
			why = "the bot was muted in the chat"
		}
	}
	if why == "" {
		a.mu.Lock()
		delete(a.lostChats, m.Chat.ID) // back, or unmuted: a refusal is news again
		a.mu.Unlock()
		return
	}
	a.log.Warn(why+": its tables close after their hand, its players cashed out; its running tournaments pause",
		"chat", m.Chat.ID, "title", m.Chat.Title, "by", m.From.ID)
	a.mu.Lock()
	a.lostChats[m.Chat.ID] = true // the sends refused from now on are no news
	for _, u := range a.lastChat.Keys() {
		if c, _ := a.lastChat.Lookup(u); c == m.Chat.ID {
			a.lastChat.Delete(u)
		}
	}
	for _, k := range a.admins.Keys() {
		if k[0] == m.Chat.ID {
			a.admins.Delete(k)
		}
	}
	a.mu.Unlock()
	if err := a.room.ChatLost(ctx, Platform, strconv.FormatInt(m.Chat.ID, 10), why); err != nil {
		a.log.Warn("could not stop the tables of a chat the bot was removed from", "chat", m.Chat.ID, "err", err)
	}
}
