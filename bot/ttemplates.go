package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/tourney"
)

// Templates and recurring schedules: /tourney template save <name>
// <create options> keeps a tournament's settings (its start as a delay:
// start=+1h); /tourney template use <name> creates one now;
// /tourney schedule <name> <when> creates one at every time the schedule
// names ("every fri 20:00 Europe/Madrid", a cron expression), its
// registration open at once and its start the template's delay later.
// The schedules run on the room's Scheduler (package cron): each firing
// is stored, re-armed after a restart, and one missed while the room was
// down fires once when it starts.

// Scheduler runs recurring jobs (package cron's Runner in production).
type Scheduler interface {
	// Check parses spec and returns it as the room shows it.
	Check(spec string) (string, error)
	// Add schedules run under key (replacing one of the same key).
	Add(ctx context.Context, key, spec string, run func(at time.Time)) error
	// Remove stops the job of key.
	Remove(key string)
}

// templateSubs are /tourney template's subcommands.
const templateSubs = "save use list delete"

func templateKey(community int64, name string) string {
	return fmt.Sprintf("tpl:%d:%s", community, name)
}

// templateCmd runs /tourney template <save|use|list|delete>.
func (r *Room) templateCmd(ctx context.Context, comm Community, args []string, lang string) (Reply, error) {
	if len(args) == 0 {
		return Reply{}, Errorf(EInvalid, "template.usage", templateSubs)
	}
	sub, args := strings.ToLower(args[0]), args[1:]
	if sub == "list" {
		return r.listTemplates(ctx, comm, lang)
	}
	if len(args) == 0 || !validLeagueName(args[0]) {
		return Reply{}, Errorf(EInvalid, "template.usage", templateSubs)
	}
	name := strings.ToLower(args[0])
	switch sub {
	case "save":
		now := r.clock.Now()
		set, err := parseTourneySettings(args[1:], now)
		if err != nil {
			return Reply{}, err
		}
		if set.Target != 0 {
			return Reply{}, Errorf(EInvalid, "template.no_target")
		}
		if set.Config.Kind == tourney.Scheduled {
			set.StartIn = set.Config.StartAt.Sub(now)
			if !set.OpenAt.IsZero() {
				return Reply{}, Errorf(EInvalid, "template.no_open")
			}
		}
		set.Config.StartAt = time.Time{}
		old, _ := r.template(ctx, comm.ID, name)
		t := Template{CommunityID: comm.ID, Name: name, Config: mustJSON(set), Spec: old.Spec, Last: old.Last}
		if err := r.store.SaveTemplate(ctx, t); err != nil {
			return Reply{}, err
		}
		return Reply{Text: tr(lang, "template.saved", name, set.Config.Name)}, nil
	case "use":
		t, err := r.template(ctx, comm.ID, name)
		if err != nil {
			return Reply{}, err
		}
		a, err := r.createFromTemplate(ctx, comm, t, r.clock.Now())
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: tr(lang, "tourney.created", a.label(), a.name(), a.when(lang))}, nil
	case "delete":
		if err := r.store.DeleteTemplate(ctx, comm.ID, name); err != nil {
			return Reply{}, Errorf(ENotFound, "template.no_such", name)
		}
		if r.cfg.Scheduler != nil {
			r.cfg.Scheduler.Remove(templateKey(comm.ID, name))
		}
		return Reply{Text: tr(lang, "template.deleted", name)}, nil
	}
	return Reply{}, Errorf(EInvalid, "template.usage", templateSubs)
}

func (r *Room) template(ctx context.Context, community int64, name string) (Template, error) {
	ts, err := r.store.Templates(ctx, community)
	if err != nil {
		return Template{}, err
	}
	for _, t := range ts {
		if t.Name == name {
			return t, nil
		}
	}
	return Template{}, Errorf(ENotFound, "template.no_such", name)
}

func (r *Room) listTemplates(ctx context.Context, comm Community, lang string) (Reply, error) {
	ts, err := r.store.Templates(ctx, comm.ID)
	if err != nil {
		return Reply{}, err
	}
	if len(ts) == 0 {
		return Reply{Text: tr(lang, "template.none")}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "template.title"))
	for _, t := range ts {
		var set tourneySettings
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
	return Reply{Text: b.String()}, nil
}

// scheduleCmd runs /tourney schedule <template> <when>|off.
func (r *Room) scheduleCmd(ctx context.Context, comm Community, args []string, lang string) (Reply, error) {
	if r.cfg.Scheduler == nil {
		return Reply{}, Errorf(EUnavailable, "schedule.unavailable")
	}
	if len(args) < 2 {
		return Reply{}, Errorf(EInvalid, "schedule.usage")
	}
	name := strings.ToLower(args[0])
	t, err := r.template(ctx, comm.ID, name)
	if err != nil {
		return Reply{}, err
	}
	spec := strings.Join(args[1:], " ")
	key := templateKey(comm.ID, name)
	if strings.EqualFold(spec, "off") {
		t.Spec = ""
		if err := r.store.SaveTemplate(ctx, t); err != nil {
			return Reply{}, err
		}
		r.cfg.Scheduler.Remove(key)
		return Reply{Text: tr(lang, "schedule.off", name)}, nil
	}
	shown, err := r.cfg.Scheduler.Check(spec)
	if err != nil {
		return Reply{}, Errorf(EInvalid, "schedule.bad", spec, err.Error())
	}
	t.Spec = spec
	if err := r.store.SaveTemplate(ctx, t); err != nil {
		return Reply{}, err
	}
	if err := r.armTemplate(ctx, comm, t); err != nil {
		return Reply{}, err
	}
	return Reply{Text: tr(lang, "schedule.done", name, shown)}, nil
}

// armTemplate hands a template's schedule to the scheduler.
func (r *Room) armTemplate(ctx context.Context, comm Community, t Template) error {
	name := t.Name
	return r.cfg.Scheduler.Add(ctx, templateKey(comm.ID, name), t.Spec, func(at time.Time) {
		ctx, cancel := context.WithTimeout(r.ctx, opTimeout)
		defer cancel()
		cur, err := r.template(ctx, comm.ID, name)
		if err != nil || cur.Spec == "" {
			return
		}
		if _, err := r.createFromTemplate(ctx, comm, cur, at); err != nil {
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
// that was missed starts that delay from now).
func (r *Room) createFromTemplate(ctx context.Context, comm Community, t Template, at time.Time) (*tourneyActor, error) {
	set, err := decodeTourneySettings(t.Config)
	if err != nil {
		return nil, err
	}
	now := r.clock.Now()
	if set.Config.Kind == tourney.Scheduled {
		start := at.Add(set.StartIn)
		if !start.After(now) {
			start = now.Add(set.StartIn)
		}
		set.Config.StartAt = start
	}
	set.OpenAt = time.Time{}
	return r.newTourney(ctx, comm, set)
}
