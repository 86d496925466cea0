package room

import (
	"context"

	"github.com/pokerroom/pokerroom/bot"
)

// A tournament's guarantee is chips the house pays (the overlay), as a
// grant's are chips the bank pays: a community admin's guarantee is capped
// as their grants are (admin.go). Each is at most the community's grant cap,
// and the guarantees of the tournaments made in a day count with the day's
// grants toward its day cap; a schedule's tournaments count each when it
// makes one. An operator's are uncapped and uncounted, as their grants.

// guaranteeAction is the admin log's action of a guarantee promised.
const guaranteeAction = "guarantee"

// guarantor is who answers for a new tournament's guarantee: an admin (by
// their command), an operator, or a schedule (zero actor).
type guarantor struct {
	operator bool
	actor    bot.Player
}

// byCommand is the guarantor of a tournament an admin's command makes.
func (r *Room) byCommand(cmd bot.Command, p bot.Player) guarantor {
	return guarantor{operator: r.isOperator(cmd), actor: p}
}

// checkGuarantee refuses a guarantee of g that g's guarantor may not give
// in comm's economy now; with it, what is left of the day's cap is what
// the caller records (recordGuarantee) once the tournament is made.
// r.grantMu is held.
func (r *Room) checkGuarantee(ctx context.Context, comm bot.Community, by guarantor, g int64) (bot.Community, error) {
	econ, err := r.economy(ctx, comm)
	if err != nil || g <= 0 || by.operator {
		return econ, err
	}
	if by.actor.ID != 0 { // an admin's: each one capped too (a schedule's was when scheduled)
		if err := r.overGrantCap(econ, g); err != nil {
			return econ, err
		}
	}
	_, perDay := r.grantCaps(econ)
	today, err := r.grantedToday(ctx, econ)
	if err != nil {
		return econ, err
	}
	if today+g > perDay {
		return econ, bot.Errorf(bot.EInvalid, "tourney.guarantee_day_cap", bot.Chips(g), bot.Chips(perDay), bot.Chips(max(perDay-today, 0)))
	}
	return econ, nil
}

// capGuarantee refuses a guarantee of g above comm's grant cap from an
// admin: a template's, kept for its uses and firings.
func (r *Room) capGuarantee(ctx context.Context, comm bot.Community, by guarantor, g int64) error {
	if g <= 0 || by.operator {
		return nil
	}
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return err
	}
	return r.overGrantCap(econ, g)
}

// overGrantCap refuses a guarantee of g above econ's per-grant cap.
func (r *Room) overGrantCap(econ bot.Community, g int64) error {
	if perGrant, _ := r.grantCaps(econ); g > perGrant {
		return bot.Errorf(bot.EInvalid, "tourney.guarantee_cap", bot.Chips(g), bot.Chips(perGrant))
	}
	return nil
}

// recordGuarantee writes the guarantee g of tournament label (name) to
// econ's admin log, where the day's cap counts it (a failure to write it
// is logged and counted, as logAdmin's).
func (r *Room) recordGuarantee(ctx context.Context, econ bot.Community, by guarantor, label, name string, g int64) {
	if g <= 0 || by.operator {
		return
	}
	e := bot.AdminEntry{CommunityID: econ.ID, At: r.clock.Now(), ActorID: by.actor.ID, Actor: by.actor.DisplayName, Action: guaranteeAction,
		Amount: g, Detail: label + " " + name}
	if by.actor.ID == 0 {
		e.Actor, e.Detail = "schedule", e.Detail+" (scheduled)"
	}
	if err := r.store.AddAdminEntry(ctx, e); err != nil {
		r.metrics.AdminLogFailures.Add(1)
		r.log.Error("admin log: a guarantee could not be recorded", "community", econ.ID, "tourney", label, "err", err)
	}
}

// grantedToday is what econ's admins granted and guaranteed since the
// start of the UTC day.
func (r *Room) grantedToday(ctx context.Context, econ bot.Community) (int64, error) {
	entries, err := r.store.AdminEntries(ctx, bot.AdminQuery{CommunityID: econ.ID, Since: dayStart(r.clock.Now())})
	if err != nil {
		return 0, err
	}
	var today int64
	for _, e := range entries {
		if (e.Action == "grant" || e.Action == guaranteeAction) && e.Amount > 0 {
			today += e.Amount
		}
	}
	return today, nil
}
