package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Templates and recurring schedules: /tourney template save <name>
// [tournament name] <create options> keeps a tournament's settings (its
// start as a delay: start=+1h; without a tournament name the template's
// names it); /tourney template use <name> creates one now;
// /tourney schedule <name> <when> creates one at every time the schedule
// names ("every fri 20:00 Europe/Madrid", a cron expression), its
// registration open at once and its start the template's delay later.
// The schedules run on the room's Scheduler (package cron): each firing
// is stored, re-armed after a restart, and one missed while the room was
// down fires once when it starts.

// templateSubs are /tourney template's subcommands.
const templateSubs = "save use list delete"

func templateKey(community int64, name string) string {
	return fmt.Sprintf("tpl:%d:%s", community, name)
}

// templateCmd runs /tourney template <save|use|list|delete>, typed in
// thread (a forum topic): a template keeps the place it was saved in, for
// its scheduled tournaments; one used runs where it was used.
func (r *Room) templateCmd(ctx context.Context, comm bot.Community, args []string, thread, lang string, by guarantor) (bot.Reply, error) {
	if len(args) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "template.usage", templateSubs)
	}
	sub, args := strings.ToLower(args[0]), args[1:]
	if sub == "list" {
		return r.listTemplates(ctx, comm, lang)
	}
	if len(args) == 0 || !tournament.ValidLeagueName(args[0]) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "template.usage", templateSubs)
	}
	name := strings.ToLower(args[0])
	switch sub {
	case "save":
		now := r.clock.Now()
		opts := args[1:]
		if err := delaysOnly(opts); err != nil {
			return bot.Reply{}, err
		}
		if !hasName(opts) {
			// No tournament name: the template's names its tournaments.
			opts = append([]string{args[0]}, opts...)
		}
		set, err := tournament.ParseSettings(opts, now)
		if err != nil {
			return bot.Reply{}, err
		}
		if set.Target != 0 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "template.no_target")
		}
		if err := r.capGuarantee(ctx, comm, by, set.Config.Guarantee); err != nil {
			return bot.Reply{}, err // every use and firing would be refused it
		}
		if set.Config.Kind == tourney.Scheduled {
			set.StartIn = set.Config.StartAt.Sub(now)
			if !set.OpenAt.IsZero() {
				return bot.Reply{}, bot.Errorf(bot.EInvalid, "template.no_open")
			}
		}
		set.Config.StartAt = time.Time{}
		if !set.CloseAt.IsZero() { // a delay too, from each use
			set.CloseIn, set.CloseAt = set.CloseAt.Sub(now), time.Time{}
		}
		set.Thread = thread
		old, _ := r.template(ctx, comm.ID, name)
		t := bot.Template{CommunityID: comm.ID, Name: name, Config: table.MustJSON(set), Spec: old.Spec, Last: old.Last}
		if err := r.store.SaveTemplate(ctx, t); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: tr(lang, "template.saved", name, set.Config.Name)}, nil
	case "use":
		t, err := r.template(ctx, comm.ID, name)
		var nf *bot.Error
		if seed, ok := tourney.SeedTemplateByKey(name); ok && errors.As(err, &nf) && nf.Code == bot.ENotFound {
			// R-TRN-8: seed 001's sit-and-gos are built-in templates
			// (a saved template of the same name comes first).
			t, err = builtinTemplate(comm.ID, seed, r.clock.Now())
		}
		if err != nil {
			return bot.Reply{}, err
		}
		a, err := r.createFromTemplate(ctx, comm, t, r.clock.Now(), by, &thread)
		return r.createdReply(a, err, lang)
	case "delete":
		if err := r.store.DeleteTemplate(ctx, comm.ID, name); err != nil {
			return bot.Reply{}, bot.Errorf(bot.ENotFound, "template.no_such", name)
		}
		if r.cfg.Scheduler != nil {
			r.cfg.Scheduler.Remove(templateKey(comm.ID, name))
		}
		return bot.Reply{Text: tr(lang, "template.deleted", name)}, nil
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "template.usage", templateSubs)
}

// builtinTemplate is seed 001's sit-and-go seed as a template: a
// sit-and-go of nine seats with the seed's buy-in and structure=.
func builtinTemplate(community int64, seed tourney.SeedTemplate, now time.Time) (bot.Template, error) {
	name := []string{"Sit&Go", seed.BuyIn}
	if seed.TimeLimit {
		name = []string{"Sit&Go", "Time", "Limit", seed.BuyIn}
	}
	set, err := tournament.ParseSettings(append(name, "start=sng", "buyin="+seed.BuyIn, "structure="+seed.Key), now)
	if err != nil {
		return bot.Template{}, err
	}
	return bot.Template{CommunityID: community, Name: seed.Key, Config: table.MustJSON(set)}, nil
}

// storedCloseIn reads the close= of a template saved before it was kept
// as a delay (CloseIn): its instant, long past, is the delay its options
// gave ("close=+50m"); a time of day or a date, which a template no
// longer takes, is dropped (registration then closes at the start).
func storedCloseIn(set *tournament.Settings) {
	if set.CloseIn > 0 || set.CloseAt.IsZero() {
		return
	}
	set.CloseAt = time.Time{}
	for _, o := range set.Args {
		if k, v, ok := strings.Cut(o, "="); ok && strings.EqualFold(k, "close") {
			if d, err := time.ParseDuration(strings.TrimPrefix(v, "+")); err == nil && strings.HasPrefix(v, "+") && d > 0 {
				set.CloseIn = d
			}
		}
	}
}

// storedStart is the start= of a template saved before a template took
// delays only (delaysOnly): a time of day or a date, kept as the delay from
// the save to the moment it named (StartIn), which is not what the admin
// meant. Such a template starts at the time of day after each use, or at
// the date while it is ahead.
func storedStart(set tournament.Settings) (string, bool) {
	v := storedStartValue(set)
	return v, v != "" && !strings.HasPrefix(v, "+") && !strings.EqualFold(v, "sng") && !strings.EqualFold(v, "full")
}

// storedStartValue is the value of the start= a template was saved with.
func storedStartValue(set tournament.Settings) string {
	v := ""
	for _, o := range set.Args {
		if k, val, ok := strings.Cut(o, "="); ok && strings.EqualFold(k, "start") {
			v = val
		}
	}
	return v
}

// delaysOnly refuses a template's start= or close= given as a time of
// day or a date: a template keeps them as delays from each use (+1h),
// and such a time would be read as the delay from the moment it was
// saved.
func delaysOnly(opts []string) error {
	for _, o := range opts {
		k, v, ok := strings.Cut(o, "=")
		k = strings.ToLower(k)
		if !ok || k != "start" && k != "close" || strings.HasPrefix(v, "+") ||
			k == "start" && (strings.EqualFold(v, "sng") || strings.EqualFold(v, "full")) {
			continue
		}
		return bot.Errorf(bot.EInvalid, "template.start_delay", k, v)
	}
	return nil
}

// hasName reports whether /tourney create's arguments name the
// tournament: a word that is not key=value.
func hasName(args []string) bool {
	for _, a := range args {
		if !strings.Contains(a, "=") {
			return true
		}
	}
	return false
}

func (r *Room) template(ctx context.Context, community int64, name string) (bot.Template, error) {
	ts, err := r.store.Templates(ctx, community)
	if err != nil {
		return bot.Template{}, err
	}
	for _, t := range ts {
		if t.Name == name {
			return t, nil
		}
	}
	return bot.Template{}, bot.Errorf(bot.ENotFound, "template.no_such", name)
}

func (r *Room) listTemplates(ctx context.Context, comm bot.Community, lang string) (bot.Reply, error) {
	ts, err := r.store.Templates(ctx, comm.ID)
	if err != nil {
		return bot.Reply{}, err
	}
	builtin := tr(lang, "template.builtin", tourney.SeedTemplateKeys())
	if len(ts) == 0 {
		return bot.Reply{Text: tr(lang, "template.none") + "\n" + builtin}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "template.title"))
	for _, t := range ts {
		var set tournament.Settings
		_ = json.Unmarshal([]byte(t.Config), &set)
		fmt.Fprintf(&b, "\n%s · %s", t.Name, set.Config.Name)
		if t.Spec != "" {
			shown := t.Spec
			if r.cfg.Scheduler != nil {
				if s, err := r.cfg.Scheduler.Check(t.Spec); err == nil {
					shown = s
				}
			}
			fmt.Fprintf(&b, " · %s", shown)
		}
	}
	b.WriteString("\n" + builtin)
	return bot.Reply{Text: b.String()}, nil
}

// scheduleCmd runs /tourney schedule <template> <when>|off.
func (r *Room) scheduleCmd(ctx context.Context, comm bot.Community, args []string, lang string, by guarantor) (bot.Reply, error) {
	if r.cfg.Scheduler == nil {
		return bot.Reply{}, bot.Errorf(bot.EUnavailable, "schedule.unavailable")
	}
	if len(args) < 2 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "schedule.usage")
	}
	name := strings.ToLower(args[0])
	t, err := r.template(ctx, comm.ID, name)
	if err != nil {
		return bot.Reply{}, err
	}
	if set, err := tournament.DecodeSettings(t.Config); err == nil {
		if err := r.capGuarantee(ctx, comm, by, set.Config.Guarantee); err != nil {
			return bot.Reply{}, err // a template an operator saved
		}
	}
	spec := strings.Join(args[1:], " ")
	key := templateKey(comm.ID, name)
	if strings.EqualFold(spec, "off") {
		t.Spec = ""
		if err := r.store.SaveTemplate(ctx, t); err != nil {
			return bot.Reply{}, err
		}
		r.cfg.Scheduler.Remove(key)
		return bot.Reply{Text: tr(lang, "schedule.off", name)}, nil
	}
	shown, err := r.cfg.Scheduler.Check(spec)
	if err != nil {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "schedule.bad", spec, err.Error())
	}
	t.Spec = spec
	if err := r.store.SaveTemplate(ctx, t); err != nil {
		return bot.Reply{}, err
	}
	if err := r.armTemplate(ctx, comm, t); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "schedule.done", name, shown)}, nil
}

// armTemplate hands a template's schedule to the scheduler.
func (r *Room) armTemplate(ctx context.Context, comm bot.Community, t bot.Template) error {
	name := t.Name
	return r.cfg.Scheduler.Add(ctx, templateKey(comm.ID, name), t.Spec, func(at time.Time) {
		ctx, cancel := context.WithTimeout(r.ctx, table.OpTimeout)
		defer cancel()
		cur, err := r.template(ctx, comm.ID, name)
		if err != nil || cur.Spec == "" {
			return
		}
		if _, err := r.createFromTemplate(ctx, comm, cur, at, guarantor{}, nil); err != nil {
			r.log.Error("scheduled tournament", "template", name, "community", comm.ID, "err", err)
		}
	})
}

// armTemplates arms every stored schedule at start.
func (r *Room) armTemplates(ctx context.Context) error {
	if r.cfg.Scheduler == nil {
		return nil
	}
	ts, err := r.store.Templates(ctx, 0)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if t.Spec == "" {
			continue
		}
		c, err := r.store.CommunityByID(ctx, t.CommunityID)
		if err != nil {
			return err
		}
		comm, err := r.community(ctx, c.Platform, c.ChatID, c.Title)
		if err != nil {
			return err
		}
		if err := r.armTemplate(ctx, comm, t); err != nil {
			r.log.Error("a stored schedule cannot run", "template", t.Name, "err", err)
		}
	}
	return nil
}

// createFromTemplate creates a tournament from a template at time at: it
// opens registration now and starts the template's delay later (a firing
// that was missed starts that delay from now). It runs in thread when
// given (where the template was used), else where it was saved.
func (r *Room) createFromTemplate(ctx context.Context, comm bot.Community, t bot.Template, at time.Time, by guarantor, thread *string) (*tournament.Director, error) {
	set, err := tournament.DecodeSettings(t.Config)
	if err != nil {
		return nil, err
	}
	if thread != nil {
		set.Thread = *thread
	}
	storedCloseIn(&set)
	now := r.clock.Now()
	start := func(from time.Time) (time.Time, error) { return from.Add(set.StartIn), nil }
	if v, ok := storedStart(set); ok {
		start = func(from time.Time) (time.Time, error) { return tournament.ParseWhen(v, from) }
	}
	from := at // the delays count from the firing, or from now when it was missed
	if s, err := start(at); err != nil || !s.After(now) {
		from = now
	}
	if set.Config.Kind == tourney.Scheduled {
		s, err := start(from)
		if err != nil || !s.After(now) {
			return nil, bot.Errorf(bot.EInvalid, "template.start_past", t.Name, "start="+storedStartValue(set))
		}
		set.Config.StartAt = s
	}
	if set.CloseIn > 0 {
		set.CloseAt = from.Add(set.CloseIn)
	}
	set.OpenAt = time.Time{}
	return r.newTourney(ctx, comm, set, by)
}
