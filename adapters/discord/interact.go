package discord

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// Discord's limits on what a bot sends.
const (
	maxContent  = 2000
	maxCustomID = 100
	maxRows     = 5
	maxPerRow   = 5
)

// amountPrefix starts the custom_id of the button that opens the amount
// modal and of the modal: "amt:<r|b>:<min>:<max>:<token>".
const amountPrefix = "amt:"

// langOf picks the room's language for a user's own answers.
// clientLang is the language a member's client says (its locale), "" when
// it says none the room speaks.
func clientLang(i *discordgo.Interaction) string {
	switch l := strings.ToLower(string(i.Locale)); {
	case strings.HasPrefix(l, "es"):
		return bot.Spanish
	case strings.HasPrefix(l, "en"):
		return bot.English
	}
	return ""
}

// langOf is the language the adapter answers a member in itself: their
// client's, else the room's default (Config.DefaultLang), else English.
func (a *Adapter) langOf(i *discordgo.Interaction) string {
	return bot.LangFor("", clientLang(i), a.cfg.DefaultLang)
}

func userOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

func displayName(i *discordgo.Interaction) string {
	u := userOf(i)
	name := ""
	if i.Member != nil && i.Member.Nick != "" {
		name = i.Member.Nick
	} else if u == nil {
		return ""
	} else if u.GlobalName != "" {
		name = u.GlobalName
	} else {
		name = u.Username
	}
	if utf8.RuneCountInString(name) > 24 {
		name = string([]rune(name)[:24])
	}
	return name
}

// learn remembers what an interaction tells about its member: admin status
// in the channel its commands belong to (chat: chatOf).
func (a *Adapter) learn(i *discordgo.Interaction, chat string) {
	u := userOf(i)
	a.mu.Lock()
	defer a.mu.Unlock()
	if i.Member != nil && u != nil {
		perms := i.Member.Permissions
		admin := perms&discordgo.PermissionManageGuild != 0 || perms&discordgo.PermissionAdministrator != 0
		if a.cfg.AdminRole != "" {
			for _, r := range i.Member.Roles {
				if r == a.cfg.AdminRole {
					admin = true
				}
			}
		}
		a.admins.Set([2]string{chat, u.ID}, admin)
	}
}

// answered remembers a member's latest acknowledged interaction: its token
// lets the adapter send them ephemeral notes (follow-ups) for 15 minutes.
func (a *Adapter) answered(i *discordgo.Interaction) {
	u := userOf(i)
	if u == nil {
		return
	}
	a.mu.Lock()
	a.lastSeen.Set(u.ID, lastInteraction{i: i, at: time.Now()})
	a.mu.Unlock()
}

func (a *Adapter) command(i *discordgo.Interaction, chat string) bot.Command {
	u := userOf(i)
	cmd := bot.Command{Platform: Platform, User: u.ID, UserName: displayName(i), Received: a.cfg.Clock.Now(), Lang: clientLang(i)}
	if i.GuildID != "" {
		cmd.Chat = chat
		cmd.Guild = i.GuildID // the server's channels share its wallets
		cmd.ChatTitle = "#" + chat
		if ch := a.stateChannel(chat); ch != nil && ch.Name != "" {
			cmd.ChatTitle = "#" + ch.Name
		}
	}
	return cmd
}

// chatOf is the channel an interaction's commands belong to: a thread the
// bot opened (a tournament table's) is its parent channel's, where its
// tables, tournaments and admins are; any other channel, a thread a member
// started or a forum's post included, is its own (a table opened there
// plays there: a forum channel cannot show one). A thread is known from
// OpenThread, the session's state or, once, Discord.
func (a *Adapter) chatOf(ctx context.Context, i *discordgo.Interaction) string {
	id := i.ChannelID
	if i.GuildID == "" || id == "" {
		return id
	}
	a.mu.Lock()
	parent, ok := a.parents.Lookup(id)
	a.mu.Unlock()
	if ok {
		return parent
	}
	ch := a.stateChannel(id)
	if ch == nil {
		ctx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		var err error
		if ch, err = a.s.Channel(id, discordgo.WithContext(ctx)); err != nil {
			var re *discordgo.RESTError
			if !errors.As(err, &re) {
				return id // Discord not reached: asked again at the next interaction
			}
			ch = &discordgo.Channel{ID: id} // one the bot may not read: its own chat
		}
	}
	parent = id
	if ch.IsThread() && ch.ParentID != "" && ch.OwnerID != "" && ch.OwnerID == a.self {
		parent = ch.ParentID
	}
	a.mu.Lock()
	a.parents.Set(id, parent)
	a.mu.Unlock()
	return parent
}

// handleInteraction is onInteraction with a panic recovered: logged with
// the interaction's id (guard) and answered as an internal error
// (internalError).
func (a *Adapter) handleInteraction(ctx context.Context, i *discordgo.Interaction) {
	user := ""
	if u := userOf(i); u != nil {
		user = u.ID
	}
	a.mu.Lock()
	a.handling[user]++
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		delete(a.acked, i.ID)
		if a.handling[user]--; a.handling[user] <= 0 {
			delete(a.handling, user)
		}
		a.mu.Unlock()
	}()
	defer func() {
		if v := recover(); v != nil {
			platform.LogPanic(a.log, v, a.cfg.Token, "interaction", i.ID)
			defer a.guard("answering interaction " + i.ID)
			a.internalError(ctx, i)
		}
	}()
	a.onInteraction(ctx, i)
}

// guard, deferred, recovers a panic in a handler and logs it (what: the
// handler or the interaction).
func (a *Adapter) guard(what string) {
	if v := recover(); v != nil {
		platform.LogPanic(a.log, v, a.cfg.Token, "while", what)
	}
}

// internalError answers an interaction whose handling failed as an
// internal error, ephemerally: its response when it was not acknowledged
// yet (for an autocomplete, no choices: it cannot show text), else a
// follow-up.
func (a *Adapter) internalError(ctx context.Context, i *discordgo.Interaction) {
	text := bot.Translate(bot.Errorf(bot.EInternal, bot.KeyInternal), a.langOf(i))
	a.mu.Lock()
	acked := a.acked[i.ID]
	a.mu.Unlock()
	switch {
	case acked && i.Type == discordgo.InteractionApplicationCommandAutocomplete:
	case acked:
		if _, err := a.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: content(text),
			Flags: discordgo.MessageFlagsEphemeral}, discordgo.WithContext(ctx)); err != nil {
			a.log.Warn("follow-up failed", "err", redact(err))
		}
	case i.Type == discordgo.InteractionApplicationCommandAutocomplete:
		a.respondChoices(ctx, i, nil)
	default:
		a.respond(ctx, i, ephemeral(text))
	}
}

// onInteraction handles one interaction: a slash command, a button, a
// modal submit or an autocomplete. One without its user, or whose data is
// not of its type's kind, is ignored.
func (a *Adapter) onInteraction(ctx context.Context, i *discordgo.Interaction) {
	if userOf(i) == nil {
		a.log.Warn("ignoring an interaction without its user", "interaction", i.ID)
		return
	}
	chat := a.chatOf(ctx, i)
	a.learn(i, chat)
	lang := a.langOf(i)
	cmd := a.command(i, chat)
	malformed := func() {
		a.log.Warn("ignoring an interaction whose data does not match its type", "interaction", i.ID, "type", int(i.Type))
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		d, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			malformed()
			return
		}
		if no := a.cannotPost(i, d, lang); no != "" {
			a.respond(ctx, i, ephemeral(no))
			return
		}
		cmd.Name, cmd.Args = d.Name, commandArgs(d.Name, d.Options)
		a.run(ctx, i, cmd, false)
	case discordgo.InteractionApplicationCommandAutocomplete:
		d, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			malformed()
			return
		}
		a.autocomplete(ctx, i, d, chat)
	case discordgo.InteractionMessageComponent:
		d, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			malformed()
			return
		}
		id := d.CustomID
		if strings.HasPrefix(id, amountPrefix) {
			if no := a.formRefused(i, id, lang); no != "" {
				a.respond(ctx, i, ephemeral(no)) // refused at the press, not after typing an amount
				return
			}
			a.openModal(ctx, i, id, lang)
			return
		}
		cmd.Token = id
		a.run(ctx, i, cmd, true)
	case discordgo.InteractionModalSubmit:
		d, ok := i.Data.(discordgo.ModalSubmitInteractionData)
		if !ok {
			malformed()
			return
		}
		_, _, _, tok, ok := parseAmountID(d.CustomID)
		if !ok {
			a.respond(ctx, i, ephemeral(bot.Translate(bot.ErrTokenForged, lang)))
			return
		}
		cmd.Token, cmd.Args = tok, strings.Fields(modalValue(d))
		if len(cmd.Args) == 0 {
			cmd.Args = []string{""}
		}
		a.run(ctx, i, cmd, true)
	}
}

// opensHere reports whether a command opens something whose messages the
// bot posts in the channel: a table, a pool, a tournament.
func opensHere(d discordgo.ApplicationCommandInteractionData) bool {
	switch d.Name {
	case "newtable", "newpool":
		return true
	case "tourney":
		for _, o := range d.Options {
			if o != nil && o.Name == "action" && fmt.Sprint(o.Value) == "create" {
				return true
			}
		}
	}
	return false
}

// cannotPost is the answer to a command that would open a table in a
// channel where Discord would refuse its messages (403): the bot's
// permissions there, as the interaction says (app_permissions), lack View
// Channel, Send Messages (in a thread, Send Messages in Threads) or Embed
// Links. "" when it may post, or Discord did not say.
func (a *Adapter) cannotPost(i *discordgo.Interaction, d discordgo.ApplicationCommandInteractionData, lang string) string {
	perms := i.AppPermissions
	if i.GuildID == "" || perms == 0 || perms&discordgo.PermissionAdministrator != 0 || !opensHere(d) {
		return ""
	}
	send := int64(discordgo.PermissionSendMessages)
	if ch := a.stateChannel(i.ChannelID); ch != nil && ch.IsThread() {
		send = discordgo.PermissionSendMessagesInThreads
	}
	need := discordgo.PermissionViewChannel | send | discordgo.PermissionEmbedLinks
	if perms&need == need {
		return ""
	}
	return bot.Text(lang, "discord.cannot_post")
}

func modalValue(d discordgo.ModalSubmitInteractionData) string {
	for _, row := range d.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok || r == nil {
			continue
		}
		for _, c := range r.Components {
			if t, ok := c.(*discordgo.TextInput); ok && t != nil {
				return t.Value
			}
		}
	}
	return ""
}

func ephemeral(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content(text), Flags: discordgo.MessageFlagsEphemeral}}
}

// respond acknowledges an interaction (once; Discord refuses a second).
func (a *Adapter) respond(ctx context.Context, i *discordgo.Interaction, r *discordgo.InteractionResponse) bool {
	if err := a.s.InteractionRespond(i, r, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("interaction response failed", "type", r.Type, "err", redact(err))
		return false
	}
	a.mu.Lock()
	a.acked[i.ID] = true // for internalError; forgotten when handleInteraction ends
	a.mu.Unlock()
	return true
}

type outcome struct {
	reply bot.Reply
	err   error
}

// run hands cmd to the room and answers the interaction: with the room's
// answer when it comes in time, else with a deferred acknowledgement first
// and the answer when it comes. The time allowed counts from when Discord
// created the interaction (its snowflake id): one delivered late (replayed
// after a RESUME) is deferred before the room sees it, and not run at all
// when Discord refuses the acknowledgement (its window passed: its member
// was told it failed).
func (a *Adapter) run(ctx context.Context, i *discordgo.Interaction, cmd bot.Command, component bool) {
	lang := a.langOf(i)
	wait := a.cfg.AckAfter
	if created, err := discordgo.SnowflakeTimestamp(i.ID); err == nil {
		wait = min(wait, max(0, a.cfg.AckAfter-time.Since(created)))
	}
	late := wait <= 0
	if late && !a.respond(ctx, i, deferral(component)) {
		a.log.Info("not running an interaction delivered after Discord's window", "interaction", i.ID)
		return
	}
	done := make(chan outcome, 1)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		o := outcome{err: bot.Errorf(bot.EInternal, bot.KeyInternal)} // if the room panics
		defer func() {
			if v := recover(); v != nil {
				platform.LogPanic(a.log, v, a.cfg.Token, "interaction", i.ID)
			}
			done <- o
		}()
		o.reply, o.err = a.room.Handle(ctx, cmd)
	}()
	if !late {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		select {
		case o := <-done:
			if bot.IsSilenced(o.err) {
				a.silence(ctx, i, component, false)
				return
			}
			if a.respond(ctx, i, answer(o, lang, component)) {
				a.answered(i)
			}
			return
		case <-timer.C:
		case <-ctx.Done():
			return
		}
		if !a.respond(ctx, i, deferral(component)) {
			return
		}
	}
	if component {
		a.answered(i) // a follow-up of a deferred update is a message of its own
	}
	var o outcome
	select {
	case o = <-done:
	case <-ctx.Done():
		return
	}
	if bot.IsSilenced(o.err) {
		a.silence(ctx, i, component, true)
		return
	}
	text := content(answerText(o, lang))
	public := o.err == nil && !o.reply.Private && text != ""
	switch {
	case component && text == "":
	case component:
		if _, err := a.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: text,
			Flags: discordgo.MessageFlagsEphemeral}, discordgo.WithContext(ctx)); err != nil {
			a.log.Warn("follow-up failed", "err", redact(err))
		}
	default:
		// The deferral was ephemeral (the answer was not known yet): a
		// public answer is posted as a follow-up for the channel to see.
		first := text
		if public || first == "" {
			first = "✓"
		}
		if _, err := a.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &first}, discordgo.WithContext(ctx)); err != nil {
			a.log.Warn("editing a deferred response failed", "err", redact(err))
			return
		}
		a.answered(i)
		if public {
			if _, err := a.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: text}, discordgo.WithContext(ctx)); err != nil {
				a.log.Warn("follow-up failed", "err", redact(err))
			}
		}
	}
}

// deferral acknowledges an interaction whose answer is not known yet: a
// press by a deferred update (the table message shows what it did), a
// command by an ephemeral "thinking…".
func deferral(component bool) *discordgo.InteractionResponse {
	if component {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
}

// silence acknowledges an interaction the room left unanswered (over its
// user's command limit, told once already) without a word: a press by a
// deferred update that changes nothing; a slash command, which Discord
// must see answered, by an ephemeral deferral deleted at once. deferred:
// the interaction was deferred already.
func (a *Adapter) silence(ctx context.Context, i *discordgo.Interaction, component, deferred bool) {
	if !deferred {
		r := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		if !component {
			r = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
		}
		if !a.respond(ctx, i, r) {
			return
		}
	}
	if component {
		return
	}
	if err := a.s.InteractionResponseDelete(i, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("deleting a silenced command's deferral failed", "err", redact(err))
	}
}

func answerText(o outcome, lang string) string {
	if o.err != nil {
		return bot.Translate(o.err, lang)
	}
	return o.reply.Text
}

// answer is the immediate response to an interaction the room answered:
// errors and private answers ephemeral; a press with nothing to say just
// acknowledged (the table message shows what it did).
func answer(o outcome, lang string, component bool) *discordgo.InteractionResponse {
	switch {
	case o.err != nil:
		return ephemeral(bot.Translate(o.err, lang))
	case o.reply.Text == "" && component:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	case o.reply.Text == "":
		return ephemeral("✓")
	case o.reply.Private:
		return ephemeral(o.reply.Text)
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content(o.reply.Text)}}
}

// autocomplete offers the channel's tables for a table option.
func (a *Adapter) autocomplete(ctx context.Context, i *discordgo.Interaction, d discordgo.ApplicationCommandInteractionData, chat string) {
	typed := ""
	for _, o := range d.Options {
		if o != nil && o.Focused {
			typed = strings.ToLower(strings.TrimPrefix(fmt.Sprint(o.Value), "#"))
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, t := range a.room.TablesIn(Platform, chat) {
		name := fmt.Sprintf("%s · %s · %d/%d", t.Label, t.Title, t.Seated, t.Seats)
		if typed != "" && !strings.Contains(strings.ToLower(name), typed) {
			continue
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(name, 100), Value: t.Label})
		if len(choices) == 25 {
			break
		}
	}
	a.respondChoices(ctx, i, choices)
}

// respondChoices answers an autocomplete with its choices, as an array
// even when there are none: choices is a required field of the result
// (Discord shows an empty one as "No options match your search"), which
// discordgo's InteractionResponseData leaves out when empty.
func (a *Adapter) respondChoices(ctx context.Context, i *discordgo.Interaction, choices []*discordgo.ApplicationCommandOptionChoice) {
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	body := struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data struct {
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		} `json:"data"`
	}{Type: discordgo.InteractionApplicationCommandAutocompleteResult}
	body.Data.Choices = choices
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	if _, err := a.s.RequestWithBucketID("POST", endpoint, body, endpoint, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("interaction response failed", "type", int(body.Type), "err", redact(err))
		return
	}
	a.mu.Lock()
	a.acked[i.ID] = true // for internalError; forgotten when handleInteraction ends
	a.mu.Unlock()
}

// amountID is the custom_id of the amount button and its modal.
func amountID(in *bot.AmountInput) string {
	kind := "b"
	if in.Raise {
		kind = "r"
	}
	return fmt.Sprintf("%s%s:%d:%d:%s", amountPrefix, kind, in.Min, in.Max, in.Token)
}

func parseAmountID(id string) (raise bool, lo, hi int64, token string, ok bool) {
	rest, found := strings.CutPrefix(id, amountPrefix)
	parts := strings.SplitN(rest, ":", 4)
	if !found || len(parts) != 4 || (parts[0] != "r" && parts[0] != "b") {
		return false, 0, 0, "", false
	}
	lo, err1 := strconv.ParseInt(parts[1], 10, 64)
	hi, err2 := strconv.ParseInt(parts[2], 10, 64)
	if err1 != nil || err2 != nil || parts[3] == "" {
		return false, 0, 0, "", false
	}
	return parts[0] == "r", lo, hi, parts[3], true
}

// openModal answers the amount button with a modal showing the range. The
// room checks the token and the amount when the modal is submitted.
func (a *Adapter) openModal(ctx context.Context, i *discordgo.Interaction, id, lang string) {
	raise, lo, hi, _, ok := parseAmountID(id)
	if !ok {
		a.respond(ctx, i, ephemeral(bot.Translate(bot.ErrTokenForged, lang)))
		return
	}
	title, label := "Bet", "Bet to"
	if raise {
		title, label = "Raise", "Raise to"
	}
	if lang == bot.Spanish {
		title, label = "Apuesta", "Apostar a"
		if raise {
			title, label = "Subida", "Subir a"
		}
	}
	rng := fmt.Sprintf("%s–%s", bot.FormatChips(lo, lang), bot.FormatChips(hi, lang))
	a.respond(ctx, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: id, Title: title,
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "amount", Label: clip(label+" ("+rng+")", 45), Style: discordgo.TextInputShort,
					Placeholder: clip(rng+" · pot · 1/2 pot", 100), Required: true, MaxLength: 20},
			}}}}})
}

// clip shortens s to n characters as the platform counts them.
func clip(s string, n int) string { return view.Clip(s, n) }
