package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// The room's side of its tournaments (package tournament... until it
// moves, the directors in this package): the /tourney command and its
// subcommands, creating, finding, listing and starting directors, the
// league command.

// tourneyCmd runs /tourney <subcommand>.
func (r *Room) tourneyCmd(ctx context.Context, cmd bot.Command, comm bot.Community, p bot.Player, lang string) (bot.Reply, error) {
	if len(cmd.Args) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.sub", bot.SubNames("tourney"))
	}
	sub, args := strings.ToLower(cmd.Args[0]), cmd.Args[1:]
	switch sub {
	case "create", "new":
		return r.createTourney(ctx, comm, args, cmd.Thread, lang, r.byCommand(cmd, p))
	case "template":
		return r.templateCmd(ctx, comm, args, cmd.Thread, lang, r.byCommand(cmd, p))
	case "schedule":
		return r.scheduleCmd(ctx, comm, args, lang, r.byCommand(cmd, p))
	case "open", "close", "start", "cancel", "pause", "resume", "info", "players", "structure", "payouts", "bots", "edit", "balance", "dq", "refuse", "me":
	default:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.sub", bot.SubNames("tourney"))
	}
	if sub == "me" && len(args) == 0 {
		if open := r.tourneys.Of(comm.ID, true); len(open) > 1 {
			cmd.Name, cmd.Args = "tourney:me", nil
			return r.tourneyMeAll(ctx, open, cmd, p)
		}
	}
	a, rest, err := r.resolveTourney(ctx, comm, args, readsResults[sub])
	if err != nil {
		return bot.Reply{}, err
	}
	cmd.Name, cmd.Args = "tourney:"+sub, rest
	// A guarantee is the house's chips: an admin promises it when the
	// tournament is made, capped (guarantee.go), and may not raise it.
	return a.Do(ctx, tournament.Request{Cmd: cmd, Player: p, Admin: true, KeepGuarantee: !r.isOperator(cmd)})
}

// tourneyMeAll is /tourney me without a label where several tournaments
// run: the player's line in each one they are in, privately; the first
// refusal (no entry) when they are in none.
func (r *Room) tourneyMeAll(ctx context.Context, open []*tournament.Director, cmd bot.Command, p bot.Player) (bot.Reply, error) {
	var lines []string
	var first error
	for _, a := range open {
		rep, err := a.Do(ctx, tournament.Request{Cmd: cmd, Player: p, Admin: true})
		switch {
		case err == nil:
			lines = append(lines, rep.Text)
		case first == nil:
			first = err
		}
	}
	if len(lines) == 0 {
		return bot.Reply{}, first
	}
	return bot.Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
}

// createTourney stores a tournament and starts its actor; it runs in
// the place of the chat it was created in (thread, a forum topic).
func (r *Room) createTourney(ctx context.Context, comm bot.Community, args []string, thread, lang string, by guarantor) (bot.Reply, error) {
	set, err := tournament.ParseSettings(args, r.clock.Now())
	if err != nil {
		return bot.Reply{}, err
	}
	set.Thread = thread
	a, err := r.newTourney(ctx, comm, set, by)
	return r.createdReply(a, err, lang)
}

// notOpened is a tournament made (stored, its actor running) whose
// registration could not be opened: not a failure to make it, which the
// admin would answer by making another.
type notOpened struct{ err error }

func (e notOpened) Error() string { return "registration not opened: " + e.err.Error() }
func (e notOpened) Unwrap() error { return e.err }

// createdReply answers the creation of a (err: newTourney's): the
// tournament made, or made with its registration not open yet, or why
// none was made.
func (r *Room) createdReply(a *tournament.Director, err error, lang string) (bot.Reply, error) {
	var no notOpened
	switch {
	case errors.As(err, &no) && a != nil:
		r.log.Error("a tournament made could not open its registration", "tourney", a.Label(), "err", no.err)
		return bot.Reply{Text: tr(lang, "tourney.created_closed", a.Label(), a.Name())}, nil
	case err != nil:
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "tourney.created", a.Label(), a.Name(), a.When(lang))}, nil
}

// newTourney stores a tournament and starts its actor; registration opens
// at once unless the settings say when. Its guarantee is by's to give
// (guarantee.go).
func (r *Room) newTourney(ctx context.Context, comm bot.Community, set tournament.Settings, by guarantor) (a *tournament.Director, err error) {
	if n := len(r.tourneys.Of(comm.ID, true)); n >= tournament.MaxTourneysPerChat {
		return nil, bot.Errorf(bot.EInvalid, "tourney.too_many", tournament.MaxTourneysPerChat)
	}
	set.Platform, set.Chat = comm.Platform, comm.ChatID
	if set.Target != 0 { // a satellite: its seats are worth the target's buy-in (R-TRN-15)
		// The target's actor owns its buy-in, and keeps it fixed while
		// this satellite is made and while it runs (edit).
		var b tourney.BuyIn
		label := "T" + strconv.FormatInt(set.Target, 10)
		release, err := r.reserve(ctx, comm, set.Target, "tourney.target", func(target *tournament.Director) error {
			if target.Over {
				return bot.Errorf(bot.EInvalid, "tourney.target", label)
			}
			b = target.Set.Config.BuyIn
			return nil
		})
		if err != nil {
			return nil, err
		}
		defer release()
		if b.Freeroll() {
			return nil, bot.Errorf(bot.EInvalid, "tourney.target_free", label)
		}
		set.Config.Tickets = &tourney.TicketRule{SeatValue: b.Total(), Leftover: tourney.LeftoverToNext}
		if set.Leftover == "buyins" {
			t := set.Config.Tickets
			t.Leftover, t.SatelliteBuyIn = tourney.LeftoverInDoubleBuyIns, set.Config.BuyIn.Prize+set.Config.BuyIn.Bounty
		}
		if set.SeatsGtd > 0 { // N seats guaranteed: the house covers the overlay
			set.Config.Guarantee = int64(set.SeatsGtd) * b.Total()
		}
		if err := set.Config.Validate(); err != nil {
			return nil, err
		}
	}
	if set.Flight != 0 { // a flight of a staged final (R-TRN-16)
		var st tourney.Structure
		label := "T" + strconv.FormatInt(set.Flight, 10)
		release, err := r.reserve(ctx, comm, set.Flight, "tourney.flight_final", func(final *tournament.Director) error {
			switch {
			case !final.IsFinal():
				return bot.Errorf(bot.EInvalid, "tourney.flight_not_final", label)
			case final.Tourney.State() != tourney.Announced && final.Tourney.State() != tourney.RegistrationOpen:
				return bot.Errorf(bot.EInvalid, "tourney.flight_final", label)
			case !set.Config.StartAt.Before(final.Set.Config.StartAt):
				return bot.Errorf(bot.EInvalid, "tourney.flight_after_final", label)
			}
			st = final.Set.Config.Structure
			return nil
		})
		if err != nil {
			return nil, err
		}
		defer release()
		st.EndAfter, st.EndAtLevel = set.Config.Structure.EndAfter, set.Config.Structure.EndAtLevel
		set.Config.Structure = st
		if err := set.Config.Validate(); err != nil {
			return nil, err
		}
	}
	guaranteed, econ := set.Config.Guarantee > 0 && !by.operator, bot.Community{}
	if guaranteed {
		r.grantMu.Lock()
		defer r.grantMu.Unlock()
		if econ, err = r.checkGuarantee(ctx, comm, by, set.Config.Guarantee); err != nil {
			return nil, err
		}
	}
	house, err := r.houseOf(ctx, comm)
	if err != nil {
		return nil, err
	}
	rec := bot.TourneyRecord{CommunityID: comm.ID, Name: set.Config.Name, Config: table.MustJSON(set), Status: bot.StateNames[tourney.Announced].En, CreatedAt: r.clock.Now()}
	id, err := r.addTourney(ctx, rec)
	if err != nil {
		return nil, err
	}
	if guaranteed {
		// Promised from the moment it is stored, whatever fails after:
		// the tournament stands (and is restored) with it.
		r.recordGuarantee(ctx, econ, by, "T"+strconv.FormatInt(id, 10), set.Config.Name, set.Config.Guarantee)
	}
	rec.ID = id
	a, err = r.newTourneyActor(rec, set, comm, house)
	if err != nil {
		return nil, err
	}
	if a.Account, err = r.store.OpenAccount(ctx, bot.AccountTournament, a.Ref(), 0); err != nil {
		return nil, err
	}
	r.startTourney(a)
	if set.OpenAt.IsZero() {
		if _, err := a.Do(ctx, tournament.Request{Cmd: bot.Command{Name: "tourney:open"}, Admin: true}); err != nil {
			return a, notOpened{err} // made: it stands, and is restored, announced
		}
	} else {
		a.Do(ctx, tournament.Request{Sync: true}) //nolint:errcheck // the lobby shows it either way
	}
	return a, nil
}

// reserve checks, in the actor of the chat's tournament id, what a new
// satellite or flight needs of it (check reads its state), and keeps its
// options fixed (edit) until release: the caller releases once the new
// event is listed (hasDependents covers it from then) or failed. missing
// is the message for an id that names no tournament of the chat still on.
func (r *Room) reserve(ctx context.Context, comm bot.Community, id int64, missing string, check func(*tournament.Director) error) (release func(), err error) {
	a := r.tourneys.Get(id)
	if a == nil || a.Comm.ID != comm.ID || a.IsOver() {
		return nil, bot.Errorf(bot.EInvalid, missing, "T"+strconv.FormatInt(id, 10))
	}
	if _, err := a.Do(ctx, tournament.Request{Query: func() error {
		if err := check(a); err != nil {
			return err
		}
		a.Reserving++
		return nil
	}}); err != nil {
		return nil, err
	}
	return func() {
		ctx, cancel := context.WithTimeout(r.ctx, table.OpTimeout)
		defer cancel()
		a.Do(ctx, tournament.Request{Query: func() error { a.Reserving--; return nil }}) //nolint:errcheck // one that is gone keeps nothing
	}, nil
}

func (r *Room) startTourney(a *tournament.Director) {
	r.tourneys.Put(a)
	r.runTourney(a)
}

// runTourney starts the goroutine of an actor already listed.
func (r *Room) runTourney(a *tournament.Director) {
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		a.Run(r.ctx)
	}()
}

// readsResults are the commands (and /tourney subcommands) that a
// tournament over still answers without its label for a day after its
// end (recentlyOver), when the chat has none on.
var readsResults = map[string]bool{"info": true, "players": true, "structure": true, "payouts": true, "standings": true}

// recentlyOver is how long a finished tournament stays the chat's
// tournament for readsResults.
const recentlyOver = 24 * time.Hour

// resolveTourney finds the tournament a command names ("T3"), else the
// chat's only one not over; with recent, when none is on, the one that
// ended last in the past day (recentOver).
func (r *Room) resolveTourney(ctx context.Context, comm bot.Community, args []string, recent bool) (*tournament.Director, []string, error) {
	var rest []string
	var named *tournament.Director
	for _, a := range args {
		if n, ok := bot.CutTourneyLabel(a); ok {
			t := r.tourneys.Get(n)
			if t == nil && comm.ID != 0 {
				var err error
				if t, err = r.loadEnded(ctx, comm, n); err != nil {
					return nil, nil, err
				}
			}
			if t == nil || (comm.ID != 0 && t.Comm.ID != comm.ID) {
				return nil, nil, bot.Errorf(bot.ENotFound, "tourney.no_such", a)
			}
			if named != nil && named != t {
				// One command acts on one tournament: not the last named.
				return nil, nil, bot.Errorf(bot.EInvalid, "tourney.two_named", named.Label(), t.Label())
			}
			named = t
			continue
		}
		rest = append(rest, a)
	}
	if named != nil {
		return named, rest, nil
	}
	open := r.tourneys.Of(comm.ID, true)
	switch len(open) {
	case 0:
		if recent && comm.ID != 0 {
			a, err := r.recentOver(ctx, comm)
			if err != nil {
				return nil, nil, err
			}
			if a != nil {
				return a, rest, nil
			}
		}
		return nil, nil, bot.Errorf(bot.EInvalid, "tourney.none")
	case 1:
		return open[0], rest, nil
	}
	var ls []string
	for _, a := range open {
		ls = append(ls, a.Label())
	}
	return nil, nil, bot.Errorf(bot.EInvalid, "tourney.which", strings.Join(ls, " "))
}

// recentOver is the chat's tournament that ended last, within
// recentlyOver of the room's clock (brought back from the store when it
// left memory: after a restart too); nil when none.
func (r *Room) recentOver(ctx context.Context, comm bot.Community) (*tournament.Director, error) {
	recs, err := r.store.Tourneys(ctx, comm.ID, false)
	if err != nil {
		return nil, err
	}
	now := r.clock.Now()
	var last bot.TourneyRecord
	for _, rec := range recs {
		if rec.EndedAt.IsZero() || now.Sub(rec.EndedAt) > recentlyOver {
			continue
		}
		if last.ID == 0 || !rec.EndedAt.Before(last.EndedAt) {
			last = rec
		}
	}
	if last.ID == 0 {
		// Over and still settling (a satellite's seats): in memory only.
		var over *tournament.Director
		for _, a := range r.tourneys.Of(comm.ID, false) {
			if a.IsOver() {
				over = a
			}
		}
		return over, nil
	}
	if a := r.tourneys.Get(last.ID); a != nil {
		return a, nil
	}
	return r.loadEnded(ctx, comm, last.ID)
}

// playerTourneyCmd runs a player's tournament command (/register,
// /unregister, /reenter, /deal, /standings, a tournament's /rebuy and
// /addon) in its actor, which checks the entry perm asks for.
func (r *Room) playerTourneyCmd(ctx context.Context, cmd bot.Command, comm bot.Community, p bot.Player, perm bot.Permission) (bot.Reply, error) {
	a, rest, err := r.resolveTourney(ctx, comm, cmd.Args, readsResults[cmd.Name])
	if err != nil {
		return bot.Reply{}, err
	}
	cmd.Args = rest
	return a.Do(ctx, tournament.Request{Cmd: cmd, Player: p, Perm: perm})
}

// listTourneys answers /tourneys.
func (r *Room) listTourneys(comm bot.Community, lang string) (bot.Reply, error) {
	ts := r.tourneys.Of(comm.ID, true)
	if len(ts) == 0 {
		return bot.Reply{Text: tr(lang, "tourney.none")}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "tourneys.title"))
	for _, a := range ts {
		b.WriteString("\n")
		b.WriteString(a.Summary.Load().(string))
	}
	return bot.Reply{Text: b.String()}, nil
}

// pressTourney runs a lobby button.
func (r *Room) pressTourney(ctx context.Context, cmd bot.Command, p bot.Player, tok bot.ButtonToken) (bot.Reply, error) {
	a := r.tourneys.Get(tok.Table)
	if a == nil {
		return bot.Reply{}, bot.ErrTokenStale
	}
	if a.Comm.Platform != cmd.Platform {
		return bot.Reply{}, bot.ErrTokenForged
	}
	if tok.Kind == tournament.TokRegister {
		// A lobby seen elsewhere (a forwarded message keeps its buttons)
		// registers only a member of the tournament's community, as a
		// typed /register in its chat would.
		if err := r.mayRegisterFrom(ctx, cmd, p, a); err != nil {
			return bot.Reply{}, err
		}
	}
	cmd.Name = "register"
	switch tok.Kind {
	case tournament.TokUnregister:
		cmd.Name = "unregister"
	case tournament.TokMe:
		cmd.Name = "tourney:me"
	}
	cmd.Args = nil
	return a.Do(ctx, tournament.Request{Cmd: cmd, Player: p, Tok: &tok})
}

// mayRegisterFrom refuses a Register press from outside the tournament's
// chat by a player who is not a member of its community.
func (r *Room) mayRegisterFrom(ctx context.Context, cmd bot.Command, p bot.Player, a *tournament.Director) error {
	c := r.communityNow(a.Comm)
	if cmd.Chat == c.ChatID {
		return nil
	}
	ok, err := r.memberOf(ctx, p, c)
	if err != nil {
		return err
	}
	if !ok {
		return bot.Errorf(bot.EForbidden, "register.not_member", a.Label(), communityName(c))
	}
	return nil
}

// leagueCmd answers /league [name]: the ranking (ties broken by the
// number of scored tournaments, R-LGE-3), the pool, and what the final
// and the top five would be paid.
func (r *Room) leagueCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	recs, err := r.store.Tourneys(ctx, comm.ID, false)
	if err != nil {
		return bot.Reply{}, err
	}
	name := ""
	if len(cmd.Args) > 0 {
		name = strings.ToLower(cmd.Args[0])
	}
	names := map[string]bool{}
	var scored []bot.TourneyRecord
	for _, rec := range recs {
		var set tournament.Settings
		if json.Unmarshal([]byte(rec.Config), &set) != nil || set.League == "" {
			continue
		}
		names[set.League] = true
		if name == "" || set.League == name {
			if name == "" {
				name = set.League
			}
			if set.League == name && !rec.EndedAt.IsZero() {
				scored = append(scored, rec)
			}
		}
	}
	if name == "" || !names[name] {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "league.none")
	}
	l := tourney.NewLeague()
	who := map[int64]bot.Player{}
	named := map[tourney.PlayerID]string{}
	events := 0
	for _, rec := range scored {
		ops, err := r.store.TourneyOps(ctx, rec.ID)
		if err != nil {
			return bot.Reply{}, err
		}
		for _, o := range ops {
			switch o.Kind {
			case tournament.OpRegister:
				var reg tournament.RegisterOp
				if json.Unmarshal([]byte(o.Data), &reg) == nil && reg.Player != nil {
					who[reg.Player.ID] = *reg.Player
				}
			case tournament.OpFinish:
				var op tournament.FinishOp
				if json.Unmarshal([]byte(o.Data), &op) != nil || op.Points == nil {
					continue
				}
				events++
				for id, pts := range op.Points {
					key := tournament.StandingKey(id, who)
					l.AddPoints(key, pts)
					if p, ok := who[id]; ok {
						named[key] = p.DisplayName
					}
				}
			}
		}
	}
	acc, err := r.store.OpenAccount(ctx, bot.AccountTournament, tournament.LeagueKey(comm.ID, name), 0)
	if err != nil {
		return bot.Reply{}, err
	}
	pool, err := r.store.Balance(ctx, acc)
	if err != nil {
		return bot.Reply{}, err
	}
	var b strings.Builder
	b.WriteString(tr(lang, "league.title", name, events, bot.FormatChips(pool, lang)))
	rank := l.Ranking()
	shown := tournament.DistinctNames(rank, named)
	for i, s := range rank {
		if i == tourney.LeagueFinalPlayers {
			fmt.Fprintf(&b, "\n… %d", len(rank)-i)
			break
		}
		fmt.Fprintf(&b, "\n%d. %s · %d (%d)", s.Rank, shown[s.Player], s.Points, s.Scored)
	}
	if len(rank) == 0 {
		b.WriteString("\n" + tr(lang, "league.empty"))
	}
	if pz, err := tourney.DivideLeaguePool(pool); err == nil {
		fmt.Fprintf(&b, "\n%s", tr(lang, "league.prizes", bot.FormatChips(tournament.Sum(pz.Final), lang), bot.FormatChips(tournament.Sum(pz.Direct), lang)))
	}
	return bot.Reply{Text: b.String()}, nil
}
