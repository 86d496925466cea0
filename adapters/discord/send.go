package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// Sending: the room's messages go into the adapter's outbox (Enqueue),
// which hands each one, within Discord's limits, to Deliver: a message
// sent, or edited in place.

// Discord's JSON error codes the adapter acts on.
const (
	codeUnknownMessage = 10008
	codeCannotDM       = 50007
	// codeArchived: a message of an archived thread cannot be edited; a
	// message sent to it unarchives it (Discord, "Threads").
	codeArchived = 50083
	// Discord no longer shows the bot a channel, or lets it post there.
	codeUnknownChannel     = 10003
	codeMissingAccess      = 50001
	codeMissingPermissions = 50013
)

// errChannelGone marks a delivery to a channel Discord no longer shows the
// bot or lets it post in (10003 Unknown Channel, 50001 Missing Access,
// 50013 Missing Permissions).
var errChannelGone = errors.New("discord: the channel is gone")

// lostAgain is how long a channel found lost (channelRefused) is not
// reported to the room again, however many of its messages fail.
const lostAgain = time.Minute

// noteLifetime is how long an interaction's token may send follow-ups
// (Discord allows 15 minutes).
const noteLifetime = 14 * time.Minute

// Enqueue implements bot.Enqueuer: the room's messages for Discord go into
// the adapter's own outbox, which Run delivers within Config.Limits.
func (a *Adapter) Enqueue(m bot.Outgoing) error { return a.outbox.Enqueue(m) }

// RendersWhenSent implements bot.DeferringEnqueuer: Enqueue hands the
// room's messages to the outbox unread, which renders a table message's
// body (bot.Deferred) only when it sends that version.
func (a *Adapter) RendersWhenSent() {}

var _ bot.DeferringEnqueuer = (*Adapter)(nil)

// Deliver implements bot.Sender: it sends or edits one message.
func (a *Adapter) Deliver(ctx context.Context, m bot.Outgoing, id string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	v, ok := m.Body.(bot.View)
	if !ok {
		return "", fmt.Errorf("discord: cannot send a %T", m.Body)
	}
	if w := a.globalWait(); w > 0 {
		return "", &bot.RateLimitError{RetryAfter: w} // every call would be one more 429
	}
	var got string
	var err error
	switch {
	case v.File != nil && m.To.Private():
		got, err = a.deliverFile(ctx, m.To.User, v)
	case m.To.Private():
		got, err = a.deliverPrivate(ctx, m.To.User, v, m.Fallback)
	case m.Thread != "": // a tournament table's thread: its own channel
		a.mu.Lock()
		_, gone := a.gone.Lookup(m.Thread)
		a.mu.Unlock()
		if !gone {
			got, err = a.deliverView(ctx, m.Thread, id, v)
		}
		if gone || errors.Is(err, errChannelGone) {
			// the thread was deleted, or the bot may no longer see it or
			// post there: the table shows in its chat rather than nowhere
			got, err = a.deliverView(ctx, m.To.Chat, id, v)
		}
	default:
		got, err = a.deliverView(ctx, m.To.Chat, id, v)
	}
	if err == nil {
		a.link.Set(true, nil)
	}
	return got, err
}

// bucketWait is how long discordgo's bucket for a route (its X-RateLimit
// headers, the global limit) asks to wait: the outbox waits it out per
// chat instead of discordgo sleeping inside Deliver, which would hold up
// every other chat.
func (a *Adapter) bucketWait(route string) time.Duration {
	b := a.s.Ratelimiter.GetBucket(route)
	b.Lock()
	defer b.Unlock()
	return a.s.Ratelimiter.GetWaitTime(b, 1)
}

var colors = map[bot.ViewKind]int{bot.ViewTable: 0x1f8b4c, bot.ViewSummary: 0x206694, bot.ViewNotice: 0x99aab5, bot.ViewCards: 0xa84300}

// embed renders a view as an embed (bot/view): its rich content, or its
// text with the first line as the title; every text escaped.
func embed(v bot.View) []*discordgo.MessageEmbed {
	r := bot.RichOf(v)
	if v.Rich == nil {
		if title, rest, _ := strings.Cut(v.Text, "\n"); view.Len16(title) <= view.DiscordTitleMax {
			r = bot.TextRich(rest)
			r.Title = bot.Line{bot.S(title)}
		}
	}
	e := view.DiscordEmbed(r)
	me := &discordgo.MessageEmbed{Title: e.Title, Description: e.Description, Color: colors[v.Kind]}
	for _, f := range e.Fields {
		me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value})
	}
	return []*discordgo.MessageEmbed{me}
}

// content is a text as a message's content: escaped, within Discord's
// length.
func content(text string) string { return view.DiscordText(text, maxContent) }

// amountLabels are the labels of the button that opens the amount form:
// [Spanish][raise], in the language of the table's other buttons.
var amountLabels = map[bool]map[bool]string{
	false: {false: "✏️ Bet…", true: "✏️ Raise…"},
	true:  {false: "✏️ Apostar…", true: "✏️ Subir…"},
}

// components turns a view's buttons into rows (at most 5 of 5): a token
// becomes a custom_id, a URL a link button, and an amount form a button
// that opens the modal.
func components(v bot.View) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var amount *discordgo.Button
	if v.Amount != nil {
		if id := amountID(v.Amount); len(id) <= maxCustomID {
			label := amountLabels[v.Amount.Lang == bot.Spanish][v.Amount.Raise]
			amount = &discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: id}
		}
	}
	for _, row := range v.Buttons {
		var out []discordgo.MessageComponent
		for _, b := range row {
			switch {
			case b.URL != "":
				out = append(out, discordgo.Button{Label: clip(b.Label, 80), Style: discordgo.LinkButton, URL: b.URL})
			case b.Token != "" && len(b.Token) <= maxCustomID:
				out = append(out, discordgo.Button{Label: clip(b.Label, 80), Style: style(b.Command), CustomID: b.Token})
			}
		}
		for len(out) > 0 {
			n := min(len(out), maxPerRow)
			rows = append(rows, discordgo.ActionsRow{Components: out[:n]})
			out = out[n:]
		}
	}
	if amount != nil {
		// beside the action buttons (the row before My cards) when it fits
		placed := false
		if len(rows) >= 2 {
			r := rows[len(rows)-2].(discordgo.ActionsRow)
			if len(r.Components) < maxPerRow {
				r.Components = append(r.Components, *amount)
				rows[len(rows)-2] = r
				placed = true
			}
		}
		if !placed {
			rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{*amount}})
		}
	}
	if len(rows) > maxRows {
		rows = rows[:maxRows]
	}
	return rows
}

func style(command string) discordgo.ButtonStyle {
	switch {
	case strings.HasPrefix(command, "/fold"):
		return discordgo.DangerButton
	case strings.HasPrefix(command, "/check"), strings.HasPrefix(command, "/call"):
		return discordgo.SuccessButton
	case strings.HasPrefix(command, "/cards"):
		return discordgo.SecondaryButton
	}
	return discordgo.PrimaryButton
}

// sendOpts: the outbox waits out a 429 itself (under its context), so
// discordgo must not sleep on one.
func sendOpts(ctx context.Context) []discordgo.RequestOption {
	return []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0)}
}

// deliverView sends a view to a channel, or edits the message showing it;
// a message deleted meanwhile, or in a thread archived meanwhile (which
// the new message unarchives), is sent again.
func (a *Adapter) deliverView(ctx context.Context, channel, id string, v bot.View) (msg string, err error) {
	a.noteForm(v.Amount)
	embeds, comps := embed(v), components(v)
	if comps == nil {
		comps = []discordgo.MessageComponent{} // [] clears the buttons; null might not
	}
	if id != "" {
		if w := a.bucketWait(discordgo.EndpointChannelMessage(channel, "")); w > 0 {
			return "", &bot.RateLimitError{RetryAfter: w}
		}
		_, err := a.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Embeds: &embeds, Components: &comps}, sendOpts(ctx)...)
		if err == nil {
			return id, nil
		}
		if !hasCode(err, codeUnknownMessage) && !hasCode(err, codeArchived) {
			return "", a.channelRefused(channel, err)
		}
	}
	if w := a.bucketWait(discordgo.EndpointChannelMessages(channel)); w > 0 {
		return "", &bot.RateLimitError{RetryAfter: w}
	}
	sent, err := a.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Embeds: embeds, Components: comps}, sendOpts(ctx)...)
	if err != nil {
		return "", a.channelRefused(channel, err)
	}
	return sent.ID, nil
}

// channelRefused tells the room (Room.ChatLost, as for a channel deleted)
// of a channel Discord no longer lets the bot see or post in (10003
// Unknown Channel, 50001 Missing Access, 50013 Missing Permissions: a
// deletion or an overwrite the gateway did not report, or not while the
// bot was away): nobody would see its tables. Once per lostAgain; a
// tournament table's thread is no chat of the room's, and only logged. It
// returns err classified, marked errChannelGone.
func (a *Adapter) channelRefused(channel string, err error) error {
	why := ""
	out := a.classify(err)
	switch {
	case hasCode(err, codeUnknownChannel):
		why = "the channel is gone (10003)"
		out = fmt.Errorf("%w: %w", errChannelGone, out)
	case hasCode(err, codeMissingAccess), hasCode(err, codeMissingPermissions):
		if a.timedOut(channel) {
			return out // waited out: not the channel lost
		}
		why = "the bot may no longer see the channel (50001 Missing Access)"
		if hasCode(err, codeMissingPermissions) {
			why = "the bot may no longer post in the channel (50013 Missing Permissions)"
		}
		out = fmt.Errorf("%w: %w", errChannelGone, out)
	default:
		return out
	}
	now := a.cfg.Clock.Now()
	a.mu.Lock()
	ctx := a.runCtx
	at, seen := a.gone.Lookup(channel)
	if ctx == nil || a.closing || (seen && now.Sub(at) < lostAgain) {
		a.mu.Unlock()
		return out
	}
	a.gone.Set(channel, now)
	// refused again within lostAgain of a refusal found a hiccup: the
	// channel flaps, or the read back is wrong; it is lost
	hiccup, flaps := a.hiccups.Lookup(channel)
	flaps = flaps && now.Sub(hiccup) < lostAgain
	a.wg.Add(1)
	a.mu.Unlock()
	go func() { // not on the outbox's goroutine: the room's tables queue messages
		defer a.wg.Done()
		if !hasCode(err, codeUnknownChannel) && (a.checkTimedOut(ctx, channel) || (!flaps && a.mayPostAgain(ctx, channel))) {
			a.mu.Lock()
			a.gone.Delete(channel) // the channel is not gone: nor is a thread
			a.mu.Unlock()
			return
		}
		a.lost(ctx, channel, why)
	}()
	return out
}

// mayPostAgain reads back, Config.LostConfirm after a message to channel
// was refused (50001, 50013), whether the bot may see it and post there
// again: an admin editing roles or overwrites may take its rights away
// for a moment, which is no channel lost. It reads the channel from
// Discord and the bot's permissions there (from the state the gateway
// keeps, else from Discord); a read that fails is the loss confirmed. A
// channel found a hiccup is noted: refused again within lostAgain, it is
// lost without a second read.
func (a *Adapter) mayPostAgain(ctx context.Context, channel string) bool {
	if !platform.Sleep(ctx, a.cfg.LostConfirm) {
		return true // stopping: nothing to report
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.CheckTimeout)
	defer cancel()
	ch, err := a.s.Channel(channel, discordgo.WithContext(ctx))
	if err != nil || a.self == "" {
		return false
	}
	need, of := int64(discordgo.PermissionViewChannel|discordgo.PermissionSendMessages), ch
	if ch.IsThread() {
		// a thread has its parent's overwrites, none of its own
		need = discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads
		if ch.ParentID != "" {
			if of, err = a.s.Channel(ch.ParentID, discordgo.WithContext(ctx)); err != nil {
				return false
			}
		}
	}
	// The permissions are worked out from the state's copy of the channel:
	// the one just read replaces it, its overwrites as they are now (an
	// edit the gateway did not report left the state's old ones, whole).
	if err := a.s.State.ChannelAdd(of); err != nil {
		return false
	}
	perms, err := a.s.UserChannelPermissions(a.self, of.ID, discordgo.WithContext(ctx))
	if err != nil || (perms&discordgo.PermissionAdministrator == 0 && perms&need != need) {
		return false
	}
	a.mu.Lock()
	a.hiccups.Set(channel, a.cfg.Clock.Now())
	a.mu.Unlock()
	a.log.Info("a message refused in a channel where the bot may post again (its permissions edited meanwhile): its tables go on", "id", channel)
	return true
}

// timedOut reports whether the bot is known to be timed out (a member's
// communication_disabled_until, checkTimedOut) in the server of channel:
// Discord then refuses its messages there with 50013 whatever its
// permissions (bots too, discord/discord-api-docs#6847), until the timeout
// ends; that is no channel lost.
func (a *Adapter) timedOut(channel string) bool {
	guild := a.guildOfChannel(channel)
	if guild == "" {
		return false
	}
	a.mu.Lock()
	until, ok := a.timeouts.Lookup(guild)
	a.mu.Unlock()
	return ok && time.Now().Before(until)
}

// checkTimedOut asks Discord whether the bot is timed out in the server
// of channel (its member's communication_disabled_until), remembering it
// until the timeout ends (timedOut).
func (a *Adapter) checkTimedOut(ctx context.Context, channel string) bool {
	guild := a.guildOfChannel(channel)
	if guild == "" || a.self == "" {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	m, err := a.s.GuildMember(guild, a.self, discordgo.WithContext(ctx))
	if err != nil || m.CommunicationDisabledUntil == nil || !time.Now().Before(*m.CommunicationDisabledUntil) {
		return false
	}
	until := *m.CommunicationDisabledUntil
	a.mu.Lock()
	a.timeouts.Set(guild, until)
	a.mu.Unlock()
	a.log.Warn("the bot is timed out in the server: its messages there are refused until the timeout ends; its tables go on",
		"guild", guild, "id", channel, "until", until)
	return true
}

// guildOfChannel is the server of a channel the session's state knows,
// "" otherwise.
func (a *Adapter) guildOfChannel(channel string) string {
	if ch := a.stateChannel(channel); ch != nil {
		return ch.GuildID
	}
	return ""
}

// deliverPrivate sends a view to one user: hole cards by direct message
// when configured (else the player uses the My cards button); a note as an
// ephemeral follow-up of their latest interaction while its token lives,
// else by direct message when configured. A user who refused DMs is not
// asked again for Config.DMRetry.
func (a *Adapter) deliverPrivate(ctx context.Context, user string, v bot.View, fallback *bot.Outgoing) (string, error) {
	if v.Kind != bot.ViewCards {
		if done, err := a.followUp(ctx, user, &discordgo.WebhookParams{Content: content(v.Text)}, "note"); done || err != nil {
			return "", err
		}
	}
	ch, err := a.dmChannel(ctx, user)
	if err != nil {
		return "", err
	}
	id := ""
	if ch != "" {
		if id, err = a.sendDM(ctx, user, ch, &discordgo.MessageSend{Embeds: embed(v)}); err != nil {
			return "", err
		}
	}
	if id == "" && fallback != nil {
		// bot.Outgoing.Fallback: the notice in the channel of its table
		// or tournament, naming the player, rather than nothing
		f := *fallback
		f.Origin = f.To.Chat
		if err := a.outbox.Enqueue(f); err != nil {
			a.log.Warn("outbox full; message dropped", "to", f.To.String())
		}
	}
	return id, nil
}

// followUp sends p to the user as an ephemeral follow-up of their latest
// interaction while its token lives. done: it was sent; an error: a
// retryable one (the outbox tries again); neither: no live interaction,
// or the follow-up was refused, and a direct message may serve (what
// names the message in the log).
func (a *Adapter) followUp(ctx context.Context, user string, p *discordgo.WebhookParams, what string) (done bool, err error) {
	a.mu.Lock()
	last, ok := a.lastSeen.Lookup(user)
	a.mu.Unlock()
	if !ok || time.Since(last.at) >= noteLifetime {
		return false, nil
	}
	p.Flags = discordgo.MessageFlagsEphemeral
	_, err = a.s.FollowupMessageCreate(last.i, true, p, sendOpts(ctx)...)
	switch {
	case err == nil:
		return true, nil
	case isRetryable(err):
		return false, a.classify(err)
	}
	a.log.Debug("ephemeral "+what+" failed; trying a direct message", "err", redact(err))
	return false, nil
}

// sendDM sends m to the user's DM channel ch; a user who refuses direct
// messages is not asked again for Config.DMRetry (and nothing is sent: no
// error).
func (a *Adapter) sendDM(ctx context.Context, user, ch string, m *discordgo.MessageSend) (string, error) {
	sent, err := a.s.ChannelMessageSendComplex(ch, m, sendOpts(ctx)...)
	if hasCode(err, codeCannotDM) {
		a.mu.Lock()
		a.noDM.Set(user, a.cfg.Clock.Now())
		a.mu.Unlock()
		return "", nil
	}
	if err != nil {
		return "", a.classify(err)
	}
	return sent.ID, nil
}

// dmChannel is the user's DM channel, opened the first time; "" when
// direct messages are not configured or the user refused them less than
// Config.DMRetry ago.
func (a *Adapter) dmChannel(ctx context.Context, user string) (string, error) {
	if !a.cfg.DirectMessages {
		return "", nil
	}
	a.mu.Lock()
	ch := a.dms.Get(user)
	at, refused := a.noDM.Lookup(user)
	if refused && a.cfg.Clock.Now().Sub(at) >= a.cfg.DMRetry {
		a.noDM.Delete(user) // they may have turned DMs back on: asked again
		refused = false
	}
	a.mu.Unlock()
	if refused {
		return "", nil
	}
	if ch != "" {
		return ch, nil
	}
	c, err := a.s.UserChannelCreate(user, sendOpts(ctx)...)
	if err != nil {
		return "", a.classify(err)
	}
	a.mu.Lock()
	a.dms.Set(user, c.ID)
	a.mu.Unlock()
	return c.ID, nil
}

func hasCode(err error, code int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == code
}

func isRetryable(err error) bool {
	var rl *discordgo.RateLimitError
	var re *discordgo.RESTError
	if errors.As(err, &rl) {
		return true
	}
	if errors.As(err, &re) {
		return re.Response != nil && re.Response.StatusCode >= 500
	}
	return true // not an answer from Discord
}

// classify turns Discord's "slow down" into the outbox's RateLimitError,
// and a Discord that cannot be reached or fails (5xx) into a wait too: the
// message is tried again, not lost.
func (a *Adapter) classify(err error) error {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		wait := time.Second
		if rl.RateLimit != nil && rl.TooManyRequests != nil && rl.RetryAfter > 0 {
			wait = rl.RetryAfter
		}
		return &bot.RateLimitError{RetryAfter: wait}
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		a.tokenRefused(err)
		if re.Response.StatusCode >= 500 {
			return &bot.RateLimitError{RetryAfter: 2 * time.Second}
		}
		if re.Response.StatusCode == http.StatusTooManyRequests {
			return &bot.RateLimitError{RetryAfter: time.Second}
		}
		if re.Message != nil {
			return fmt.Errorf("discord: %d %s (code %d)", re.Response.StatusCode, re.Message.Message, re.Message.Code)
		}
		return fmt.Errorf("discord: %s", re.Response.Status)
	}
	// Not an answer from Discord (unreachable, a timeout): tried again,
	// not lost (the outbox stops at once when its own context ended).
	a.link.Set(false, redact(err))
	return &bot.RateLimitError{RetryAfter: 2 * time.Second}
}

// redact removes a request's URL path from an error: the path of an
// interaction's webhook holds its token.
func redact(err error) error {
	var ue *url.Error
	if err == nil || !errors.As(err, &ue) {
		return err
	}
	where := ue.URL
	if u, perr := url.Parse(ue.URL); perr == nil {
		where = u.Scheme + "://" + u.Host + "/…"
	}
	return fmt.Errorf("%s %s: %w", ue.Op, where, ue.Err)
}

// OpenThread implements bot.Threads: a public thread in the channel for a
// tournament's table, archived after a day without messages.
func (a *Adapter) OpenThread(ctx context.Context, chat, title string) (string, error) {
	if a.s == nil {
		return "", errors.New("discord: not connected")
	}
	name := []rune(title)
	if len(name) > 100 {
		name = name[:100]
	}
	ch, err := a.s.ThreadStartComplex(chat, &discordgo.ThreadStart{Name: string(name), Type: discordgo.ChannelTypeGuildPublicThread,
		AutoArchiveDuration: 1440}, sendOpts(ctx)...)
	if err != nil {
		return "", a.classify(err)
	}
	a.mu.Lock()
	a.parents.Set(ch.ID, chat) // its commands are the channel's (chatOf)
	a.mu.Unlock()
	return ch.ID, nil
}

// formOwner is whose turn an amount form is.
type formOwner struct{ user, name string }

// noteForm records whose turn the amount form in is, by its token, before
// the message showing it goes out: a press that arrives as soon as the
// message shows finds it.
func (a *Adapter) noteForm(in *bot.AmountInput) {
	if in == nil || in.User == "" {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.formFor.Set(in.Token, formOwner{in.User, in.Name})
}

// formRefused is the answer to a press of another player's amount form,
// the button whose custom_id is id ("" when the presser may open it, or
// the form is not known, after a restart: the room checks the token when
// the form is submitted).
func (a *Adapter) formRefused(i *discordgo.Interaction, id, lang string) string {
	u := userOf(i)
	_, _, _, token, ok := parseAmountID(id)
	if u == nil || !ok {
		return ""
	}
	a.mu.Lock()
	owner, ok := a.formFor.Lookup(token)
	a.mu.Unlock()
	if !ok || owner.user == u.ID {
		return ""
	}
	return bot.Text(lang, "action.turn_of", owner.name)
}
