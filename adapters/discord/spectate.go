package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/bot"
)

var _ bot.Spectators = (*Adapter)(nil)

// postPerms are what the bot needs in a spectator channel: to see it, send
// messages and embed the summaries.
const postPerms = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionEmbedLinks

// SpectatorChat implements bot.Spectators: target is a channel id or a
// <#channel> mention (the /spectate option gives the id); it must be a
// text channel of the same server as chat, where the bot may view, send
// and embed. The asking user's right (Manage Server, Administrator or the
// admin role) is the server's, checked by the room for chat. The channel
// and the bot's permissions come from the gateway's state, else from REST
// within Config.CheckTimeout and ctx.
func (a *Adapter) SpectatorChat(ctx context.Context, chat, _, target string) (string, error) {
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(target), "<#"), ">")
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return "", fmt.Errorf("%w: %q is no channel id", bot.ErrSpectateNoChat, target)
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.CheckTimeout)
	defer cancel()
	here, err := a.channelOf(ctx, chat)
	if err != nil {
		return "", err
	}
	there, err := a.channelOf(ctx, id)
	if err != nil {
		return "", err
	}
	switch {
	case there.GuildID == "" || there.GuildID != here.GuildID:
		return "", fmt.Errorf("%w: channel %s is in guild %q, not %q", bot.ErrSpectateElsewhere, id, there.GuildID, here.GuildID)
	case there.Type != discordgo.ChannelTypeGuildText && there.Type != discordgo.ChannelTypeGuildNews:
		return "", fmt.Errorf("%w: channel %s is of type %d", bot.ErrSpectateCannotPost, id, there.Type)
	}
	perms, err := a.s.UserChannelPermissions(a.s.State.User.ID, id, discordgo.WithContext(ctx))
	if err != nil {
		return "", a.checkFailed(ctx, err)
	}
	if perms&discordgo.PermissionAdministrator == 0 && perms&postPerms != postPerms {
		return "", fmt.Errorf("%w: the bot has permissions %d in %s", bot.ErrSpectateCannotPost, perms, id)
	}
	return id, nil
}

// channelOf is a channel from the state, else from REST; a channel
// Discord does not show the bot is ErrSpectateNoChat.
func (a *Adapter) channelOf(ctx context.Context, id string) (*discordgo.Channel, error) {
	if c := a.stateChannel(id); c != nil {
		return c, nil
	}
	c, err := a.s.Channel(id, discordgo.WithContext(ctx))
	if err != nil {
		return nil, a.checkFailed(ctx, err)
	}
	return c, nil
}

// checkFailed is ErrSpectateNoChat for Discord's refusal to show the
// channel (404, 403), else the failure as it is (the room answers "try
// again"), ctx's own error when it ended first.
func (a *Adapter) checkFailed(ctx context.Context, err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && (re.Response.StatusCode == http.StatusNotFound || re.Response.StatusCode == http.StatusForbidden) {
		return fmt.Errorf("%w: %v", bot.ErrSpectateNoChat, err)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w (%v)", ctx.Err(), err)
	}
	return err
}
