package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// Chips is an amount shown in a message: written with the language's
// thousands separator (1,000 / 1.000).
type Chips int64

// Languages the catalogue speaks; others fall back to English.
const (
	English = "en"
	Spanish = "es"
)

// Generic message keys of the error classes.
const (
	KeyInternal    = "internal"
	KeyBusy        = "busy"
	KeyUnavailable = "unavailable"
)

// Message is one catalogue entry: the text in each language, with
// %[1]v-style placeholders for the arguments.
type Message struct{ En, Es string }

// Catalogue holds every message key the room answers with.
var Catalogue = map[string]Message{
	KeyInternal:          {"Something went wrong on our side and nothing was changed. Please try again.", "Algo falló de nuestro lado y no se cambió nada. Inténtalo de nuevo."},
	KeyBusy:              {"The table is busy. Try again in a moment.", "La mesa está ocupada. Inténtalo de nuevo en un momento."},
	KeyUnavailable:       {"The room cannot reach its database right now. Try again shortly.", "La sala no puede acceder a su base de datos ahora. Inténtalo de nuevo en breve."},
	"not_found":          {"That does not exist (any more).", "Eso no existe (o ya no existe)."},
	"duplicate":          {"That was already done.", "Eso ya estaba hecho."},
	"insufficient_funds": {"You do not have enough chips for that.", "No tienes fichas suficientes para eso."},

	"token.forged":  {"That button is not one of ours.", "Ese botón no es de la sala."},
	"token.stale":   {"That button is out of date: use the newest table message.", "Ese botón está caducado: usa el mensaje de mesa más reciente."},
	"token.foreign": {"That button is for another player.", "Ese botón es para otro jugador."},

	"action.not_your_turn":    {"It is not your turn.", "No es tu turno."},
	"action.below_minimum":    {"Too little: bet or raise to between %[1]v and %[2]v.", "Demasiado poco: apuesta o sube a entre %[1]v y %[2]v."},
	"action.above_maximum":    {"Too much: bet or raise to between %[1]v and %[2]v.", "Demasiado: apuesta o sube a entre %[1]v y %[2]v."},
	"action.cannot_check":     {"You cannot check: %[1]v to call.", "No puedes pasar: hay %[1]v para igualar."},
	"action.cannot_call":      {"There is nothing to call: check instead.", "No hay nada que igualar: pasa."},
	"action.cannot_bet":       {"There is already a bet: call or raise.", "Ya hay una apuesta: iguala o sube."},
	"action.cannot_raise":     {"You cannot raise now: the betting is not open to you.", "No puedes subir ahora: la apuesta no está abierta para ti."},
	"action.only_all_in":      {"The only raise left to you is all in: /allin (to %[1]v).", "La única subida que te queda es all-in: /allin (a %[1]v)."},
	"action.fixed_amount":     {"In fixed limit the bet or raise here is to %[1]v.", "En límite fijo la apuesta o subida aquí es a %[1]v."},
	"action.capped":           {"No more raises this round: the betting is capped (fixed limit). Call or fold.", "No se puede subir más en esta ronda: las apuestas llegaron al tope (límite fijo). Iguala o retírate."},
	"action.others_all_in":    {"Everyone else is all in: there is nobody to raise.", "Todos los demás están all-in: no hay a quién subir."},
	"action.call_all_in":      {"Your chips only cover the call: /call (all in, %[1]v) or /fold.", "Tus fichas solo alcanzan para igualar: /call (all-in, %[1]v) o /fold."},
	"action.hand_over":        {"That hand is over.", "Esa mano ya terminó."},
	"action.invalid":          {"That action is not possible now.", "Esa acción no es posible ahora."},
	"action.not_your_card":    {"%[1]v is not one of your cards (%[2]v): choose the cards to change among yours.", "%[1]v no es una de tus cartas (%[2]v): elige las que cambias entre las tuyas."},
	"action.bad_discard":      {"Choose up to %[1]v of your own cards to change, each once.", "Elige hasta %[1]v de tus cartas para cambiar, cada una una vez."},
	"action.keeps_two_jokers": {"Only one joker plays in a hand: throw the other.", "Solo un comodín juega en una mano: descarta el otro."},
	"action.no_openers":       {"Your hand does not qualify to open (jacks or better).", "Tu mano no permite abrir (jotas o mejor)."},
	"table.bad_config":        {"That table setting is not valid: %[1]v.", "Esa configuración de mesa no es válida: %[1]v."},
	"card.bad":                {"%[1]q is not a card (write it like As, Td or 10d).", "%[1]q no es una carta (escríbela como As, Td o 10d)."},

	"tourney.wrong_state":         {"Not possible now: the tournament is %[1]v.", "No es posible ahora: el torneo está %[1]v."},
	"tourney.full":                {"The tournament is full.", "El torneo está completo."},
	"tourney.refused":             {"The organiser refused this entry.", "El organizador rechazó esta inscripción."},
	"tourney.disqualified":        {"You are disqualified from this tournament.", "Estás descalificado de este torneo."},
	"tourney.already_registered":  {"You are already registered with an entry still in play.", "Ya estás inscrito con una entrada en juego."},
	"tourney.reentry_closed":      {"Re-entry is only possible during late registration.", "La reentrada solo es posible durante la inscripción tardía."},
	"tourney.reentry_limit":       {"You have no entries left.", "No te quedan entradas."},
	"tourney.not_registered":      {"You are not registered.", "No estás inscrito."},
	"tourney.no_rebuys":           {"This tournament has no rebuys.", "Este torneo no tiene recompras."},
	"tourney.rebuy_closed":        {"The rebuy period is over.", "El periodo de recompras terminó."},
	"tourney.rebuy_stack":         {"Rebuys are only allowed at or below the starting stack.", "Solo puedes recomprar con el stack inicial o menos."},
	"tourney.rebuy_limit":         {"You have reached the rebuy limit.", "Llegaste al límite de recompras."},
	"tourney.no_addon":            {"This tournament has no add-on.", "Este torneo no tiene add-on."},
	"tourney.addon_closed":        {"The add-on is only offered at the end of the rebuy period.", "El add-on solo se ofrece al final del periodo de recompras."},
	"tourney.addon_over":          {"The add-on is over: it was offered for one level only.", "El add-on ha terminado: solo se ofrecía durante un nivel."},
	"tourney.addon_taken":         {"You already took the add-on.", "Ya tomaste el add-on."},
	"tourney.entry_out":           {"That entry is out of the tournament.", "Esa entrada ya está eliminada."},
	"tourney.too_early":           {"The start time has not come yet.", "Todavía no es la hora de inicio."},
	"tourney.not_full":            {"The sit-and-go starts when every seat is taken.", "El sit-and-go empieza cuando todos los asientos están ocupados."},
	"tourney.deal_excludes":       {"A deal must include every player still in.", "Un trato debe incluir a todos los jugadores que siguen."},
	"tourney.deal_no_prizes":      {"There are no prizes left to deal.", "No quedan premios para repartir."},
	"tourney.deal_keep":           {"The amount kept to play for must be between 0 and first prize minus second.", "Lo que se deja en juego debe estar entre 0 y el primer premio menos el segundo."},
	"tourney.buyin":               {"Buy-in %[1]q not understood: write free, 10, 10+1 or 20+5+2.", "Entrada %[1]q no entendida: escribe free, 10, 10+1 o 20+5+2."},
	"tourney.level":               {"Level %[1]v is not valid: %[2]v.", "El nivel %[1]v no es válido: %[2]v."},
	"tourney.levels":              {"The structure is not valid: %[1]v.", "La estructura no es válida: %[1]v."},
	"tourney.config":              {"That tournament setting is not valid: %[1]v.", "Esa configuración del torneo no es válida: %[1]v."},
	"tourney.amount_too_large":    {"That amount is too large (at most %[1]v).", "Esa cantidad es demasiado grande (como máximo %[1]v)."},
	"tourney.too_many_seats":      {"The prize pool buys too many seats: raise the seat value.", "El bote compra demasiados asientos: sube el valor del asiento."},
	"tourney.seat_below_buyin":    {"A seat must be worth at least the satellite's prize part.", "Un asiento debe valer al menos la parte de premio del satélite."},
	"tourney.unknown_entry":       {"There is no such entry.", "No existe esa entrada."},
	"tourney.bad_table_size":      {"Tables seat 2, 4, 6, 9 or 10 players.", "Las mesas son de 2, 4, 6, 9 o 10 jugadores."},
	"tourney.sng_needs_max":       {"A sit-and-go needs its number of seats.", "Un sit-and-go necesita su número de asientos."},
	"tourney.bad_min_players":     {"The minimum number of players must be at least 2 and at most the maximum.", "El mínimo de jugadores debe ser al menos 2 y como mucho el máximo."},
	"tourney.bounty_needs_bounty": {"A knockout tournament needs a bounty in the buy-in (prize+bounty+fee).", "Un torneo knockout necesita una recompensa en la entrada (premio+recompensa+comisión)."},
}

// tourneyKeys maps the tournament errors a user (player or organiser) can
// cause to message keys; adding one is a line here and its catalogue entry.
var tourneyKeys = []struct {
	err error
	key string
}{
	{tourney.ErrFull, "tourney.full"}, {tourney.ErrRefused, "tourney.refused"},
	{tourney.ErrDisqualified, "tourney.disqualified"}, {tourney.ErrAlreadyRegistered, "tourney.already_registered"},
	{tourney.ErrReentryClosed, "tourney.reentry_closed"}, {tourney.ErrReentryLimit, "tourney.reentry_limit"},
	{tourney.ErrNotRegistered, "tourney.not_registered"}, {tourney.ErrNoRebuys, "tourney.no_rebuys"},
	{tourney.ErrRebuyClosed, "tourney.rebuy_closed"}, {tourney.ErrRebuyStackTooHigh, "tourney.rebuy_stack"},
	{tourney.ErrRebuyLimit, "tourney.rebuy_limit"}, {tourney.ErrNoAddOn, "tourney.no_addon"},
	{tourney.ErrAddOnClosed, "tourney.addon_closed"}, {tourney.ErrAddOnOver, "tourney.addon_over"}, {tourney.ErrAddOnTaken, "tourney.addon_taken"},
	{tourney.ErrEntryOut, "tourney.entry_out"}, {tourney.ErrTooEarly, "tourney.too_early"},
	{tourney.ErrNotFull, "tourney.not_full"}, {tourney.ErrDealExcludesPlayer, "tourney.deal_excludes"},
	{tourney.ErrDealUnknownParty, "tourney.deal_excludes"}, {tourney.ErrDealNoPrizes, "tourney.deal_no_prizes"},
	{tourney.ErrKeepTooLarge, "tourney.deal_keep"}, {tourney.ErrKeepNegative, "tourney.deal_keep"},
	{tourney.ErrTooManySeats, "tourney.too_many_seats"}, {tourney.ErrSeatBelowBuyIn, "tourney.seat_below_buyin"},
	{tourney.ErrUnknownEntry, "tourney.unknown_entry"}, {tourney.ErrBadTableSize, "tourney.bad_table_size"},
	{tourney.ErrSitAndGoNeedsMax, "tourney.sng_needs_max"}, {tourney.ErrBadMinPlayers, "tourney.bad_min_players"},
	{tourney.ErrBountyNeedsBounty, "tourney.bounty_needs_bounty"},
}

// tourneyConfigErrors are organiser mistakes shown with the package's own
// (English) reason.
var tourneyConfigErrors = []error{
	tourney.ErrNegativeAmount, tourney.ErrUnknownValue, tourney.ErrNegativeDuration, tourney.ErrBadRebuyLimit,
	tourney.ErrBadMaxEntries, tourney.ErrBadLeagueShare, tourney.ErrAddOnNoPeriod, tourney.ErrNoPlaces,
	tourney.ErrBadWeights, tourney.ErrTooManyPlaces, tourney.ErrUnknownPayout, tourney.ErrBadRoundingUnit,
	tourney.ErrBadSeatValue, tourney.ErrBadSatBuyIn, tourney.ErrNoLevels, tourney.ErrNoStartingStack,
}

// actionKeys maps the engine's refusals to message keys.
var actionKeys = map[error]string{
	engine.ErrNotYourTurn: "action.not_your_turn", engine.ErrBelowMinimum: "action.below_minimum",
	engine.ErrAboveMaximum: "action.above_maximum", engine.ErrCannotCheck: "action.cannot_check",
	engine.ErrCannotCall: "action.cannot_call", engine.ErrCannotBet: "action.cannot_bet",
	engine.ErrCannotRaise: "action.cannot_raise", engine.ErrHandOver: "action.hand_over",
	engine.ErrInvalidAction: "action.invalid", engine.ErrBadDiscard: "action.bad_discard",
	engine.ErrKeepsTwoJokers: "action.keeps_two_jokers", engine.ErrNoOpeners: "action.no_openers",
}

// FromError returns err as the application's error: an *Error already in
// the chain as it is; the engine's, tourney's and storage errors a user can
// cause with their specific key and the values the answer needs; a
// cancelled or timed-out context as EUnavailable; anything else as
// EInternal, whose message never shows the cause (it may hold hosts,
// paths or worse): the cause is kept in Err for the log.
func FromError(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	wrap := func(code Code, key string, args ...any) *Error {
		return &Error{Code: code, Key: key, Args: args, Err: err}
	}
	var ae *engine.ActionError
	if errors.As(err, &ae) {
		key, ok := actionKeys[ae.Err]
		if !ok {
			key = "action.invalid"
		}
		switch ae.Err {
		case engine.ErrBelowMinimum, engine.ErrAboveMaximum:
			switch l := ae.Legal; {
			case l.MinTo == l.MaxTo && l.MaxTo == l.AllInTo: // no range: all in or nothing
				return wrap(EInvalid, "action.only_all_in", Chips(l.AllInTo))
			case l.MinTo == l.MaxTo: // fixed limit: one size
				return wrap(EInvalid, "action.fixed_amount", Chips(l.MinTo))
			}
			return wrap(EInvalid, key, Chips(ae.Legal.MinTo), Chips(ae.Legal.MaxTo))
		case engine.ErrCannotCheck:
			return wrap(EInvalid, key, Chips(ae.Legal.CallAmount))
		case engine.ErrBadDiscard:
			return wrap(EInvalid, key, ae.Legal.MaxDiscard)
		case engine.ErrNotYourTurn:
			return wrap(EForbidden, key)
		}
		return wrap(EInvalid, key)
	}
	var pe *engine.ParseError
	if errors.As(err, &pe) {
		return wrap(EInvalid, "card.bad", pe.Token)
	}
	if errors.Is(err, engine.ErrConfig) {
		return wrap(EInvalid, "table.bad_config", detail(err, engine.ErrConfig))
	}
	var be *tourney.BuyInError
	if errors.As(err, &be) {
		return wrap(EInvalid, "tourney.buyin", be.Input)
	}
	var le *tourney.LevelError
	if errors.As(err, &le) {
		return wrap(EInvalid, "tourney.level", le.Index, reason(le.Err))
	}
	var se *tourney.StateError
	if errors.As(err, &se) {
		return wrap(EConflict, "tourney.wrong_state", StateNames[se.State])
	}
	if errors.Is(err, tourney.ErrAmountTooLarge) {
		return wrap(EInvalid, "tourney.amount_too_large", Chips(tourney.MaxChips))
	}
	for _, k := range tourneyKeys {
		if errors.Is(err, k.err) {
			return wrap(EInvalid, k.key)
		}
	}
	for _, c := range tourneyConfigErrors {
		if errors.Is(err, c) {
			return wrap(EInvalid, "tourney.config", reason(c))
		}
	}
	switch {
	case errors.Is(err, ErrNotFound):
		return wrap(ENotFound, "not_found")
	case errors.Is(err, ErrDuplicate):
		return wrap(EConflict, "duplicate")
	case errors.Is(err, ErrInsufficientFunds):
		return wrap(EInvalid, "insufficient_funds")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return wrap(EUnavailable, KeyUnavailable)
	}
	return wrap(EInternal, KeyInternal)
}

// detail is err's text after sentinel's, for errors wrapped as
// "sentinel: detail".
func detail(err, sentinel error) string {
	s := err.Error()
	if i := strings.Index(s, sentinel.Error()+": "); i >= 0 {
		return s[i+len(sentinel.Error())+2:]
	}
	return s
}

// Message returns the answer to show the user, in lang ("en", "es";
// anything else is English): short and specific, never the cause of an
// internal error. An unknown key answers as an internal error.
func (e *Error) Message(lang string) string {
	m, ok := Catalogue[e.Key]
	if !ok {
		m = Catalogue[KeyInternal]
		return Pick(m, lang)
	}
	if e.Code == EInternal {
		return Pick(m, lang)
	}
	if len(e.Args) == 0 {
		if text := Pick(m, lang); !strings.ContainsAny(text, "%{") {
			return text // nothing to fill in: no formatting, no allocation
		}
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		switch v := a.(type) {
		case Chips:
			args[i] = FormatChips(int64(v), lang)
		case Message:
			args[i] = Pick(v, lang)
		case time.Duration:
			args[i] = FormatDuration(v, lang)
		default:
			args[i] = a
		}
	}
	return fmt.Sprintf(plural(Pick(m, lang), e.Args), args...)
}

// pluralForm is a text's choice by a count: {2:player|players} is
// "player" when the second argument is 1 (or -1), else "players".
var pluralForm = regexp.MustCompile(`\{(\d+):([^{}|]*)\|([^{}|]*)\}`)

// plural resolves the plural forms of a text by its arguments. A form
// whose argument is missing or not a number keeps its plural.
func plural(text string, args []any) string {
	if !strings.Contains(text, "{") {
		return text
	}
	return pluralForm.ReplaceAllStringFunc(text, func(f string) string {
		m := pluralForm.FindStringSubmatch(f)
		k, _ := strconv.Atoi(m[1])
		if k >= 1 && k <= len(args) {
			if n, ok := count(args[k-1]); ok && (n == 1 || n == -1) {
				return m[2]
			}
		}
		return m[3]
	})
}

// count reads a numeric argument.
func count(a any) (int64, bool) {
	switch v := a.(type) {
	case int:
		return int64(v), true
	case int32:
		return int64(v), true
	case int64:
		return v, true
	case uint64:
		return int64(v), true
	case Chips:
		return int64(v), true
	}
	return 0, false
}

// FormatDuration says a duration in words, rounded to the second: "45 s",
// "25 min", "1 min 30 s", "2 h 5 min" (the same units in Spanish).
func FormatDuration(d time.Duration, lang string) string {
	if d < 0 {
		d = 0
	}
	d = d.Round(time.Second)
	h, m, sec := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
	var parts []string
	if h > 0 {
		parts = append(parts, strconv.Itoa(h)+" h")
	}
	if m > 0 {
		parts = append(parts, strconv.Itoa(m)+" min")
	}
	if sec > 0 && h == 0 || len(parts) == 0 {
		parts = append(parts, strconv.Itoa(sec)+" s")
	}
	return strings.Join(parts, " ")
}

// Translate is FromError(err).Message(lang): what a user is told of err.
func Translate(err error, lang string) string {
	if err == nil {
		return ""
	}
	e := FromError(err)
	if e.Lang != "" {
		lang = e.Lang
	}
	return e.Message(lang)
}

func Pick(m Message, lang string) string {
	if lang == Spanish && m.Es != "" {
		return m.Es
	}
	return m.En
}

// FormatChips writes n with the language's thousands separator: 1,000 in
// English, 1.000 in Spanish.
func FormatChips(n int64, lang string) string {
	sep := ","
	if lang == Spanish {
		sep = "."
	}
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// StateNames are the tournament states as the answers say them.
var StateNames = map[tourney.State]Message{
	tourney.Announced:        {"announced", "anunciado"},
	tourney.RegistrationOpen: {"open for registration", "abierto a la inscripción"},
	tourney.LateRegistration: {"running with late registration", "en juego con inscripción tardía"},
	tourney.Running:          {"running", "en juego"},
	tourney.FinalTable:       {"at its final table", "en su mesa final"},
	tourney.Finished:         {"finished", "terminado"},
	tourney.Cancelled:        {"cancelled", "cancelado"},
}

// reasons translate the detail of structure and configuration errors.
var reasons = map[error]Message{
	tourney.ErrZeroBlind:           {"blinds must be positive", "las ciegas deben ser positivas"},
	tourney.ErrBigBelowSmall:       {"big blind below small blind", "ciega grande menor que la pequeña"},
	tourney.ErrLevelsNotIncreasing: {"levels must increase", "los niveles deben subir"},
	tourney.ErrAnteAboveSmallBlind: {"ante above the small blind", "ante mayor que la ciega pequeña"},
	tourney.ErrAnteTooSmall:        {"ante below 5% of the small blind", "ante menor que el 5% de la ciega pequeña"},
	tourney.ErrBigBlindAnteAbove:   {"big-blind ante above the big blind", "ante de ciega grande mayor que la ciega grande"},
	tourney.ErrBigBlindAnteNoAnte:  {"big-blind ante without an amount", "ante de ciega grande sin cantidad"},
	tourney.ErrBadDuration:         {"the duration must be positive", "la duración debe ser positiva"},
	tourney.ErrBreakHasBlinds:      {"a break has no blinds or ante", "un descanso no tiene ciegas ni ante"},
	tourney.ErrBreakFirst:          {"the structure starts with a break", "la estructura empieza con un descanso"},
	tourney.ErrBreaksAdjacent:      {"two breaks in a row", "dos descansos seguidos"},
	tourney.ErrBreakLast:           {"the structure ends with a break", "la estructura termina con un descanso"},
	tourney.ErrBadLevelSyntax:      {"write SB/BB, SB/BB/ANTE, optional bba and a duration like 12m, or break 10m", "escribe CP/CG, CP/CG/ANTE, bba opcional y una duración como 12m, o break 10m"},
	tourney.ErrNegativeAmount:      {"amounts cannot be negative", "las cantidades no pueden ser negativas"},
	tourney.ErrAmountTooLarge:      {"the amount is too large", "la cantidad es demasiado grande"},
	tourney.ErrUnknownValue:        {"an option has an unknown value", "una opción tiene un valor desconocido"},
	tourney.ErrNegativeDuration:    {"durations cannot be negative", "las duraciones no pueden ser negativas"},
	tourney.ErrBadRebuyLimit:       {"the rebuy limit must be 0 to 99 (99 = unlimited)", "el límite de recompras debe ser de 0 a 99 (99 = sin límite)"},
	tourney.ErrBadMaxEntries:       {"entries per player must be 0 to 99", "las entradas por jugador deben ser de 0 a 99"},
	tourney.ErrBadLeagueShare:      {"the league share must be 0 to 100%", "la parte para la liga debe ser del 0 al 100%"},
	tourney.ErrAddOnNoPeriod:       {"an add-on needs rebuys or late registration", "un add-on necesita recompras o inscripción tardía"},
	tourney.ErrNoPlaces:            {"no paid places", "no hay puestos pagados"},
	tourney.ErrBadWeights:          {"payout weights must be positive and non-increasing", "los pesos de pago deben ser positivos y no crecientes"},
	tourney.ErrTooManyPlaces:       {"too many paid places", "demasiados puestos pagados"},
	tourney.ErrUnknownPayout:       {"unknown payout kind", "tipo de pago desconocido"},
	tourney.ErrBadRoundingUnit:     {"the rounding unit must be positive", "la unidad de redondeo debe ser positiva"},
	tourney.ErrBadSeatValue:        {"the seat value must be positive", "el valor del asiento debe ser positivo"},
	tourney.ErrBadSatBuyIn:         {"this leftover rule needs the satellite's buy-in", "esta regla de sobrante necesita la entrada del satélite"},
	tourney.ErrNoLevels:            {"the structure has no levels", "la estructura no tiene niveles"},
	tourney.ErrNoStartingStack:     {"the starting stack must be positive", "el stack inicial debe ser positivo"},
}

// reason is err's translated detail, or its text when none is known.
func reason(err error) Message {
	for e, m := range reasons {
		if errors.Is(err, e) {
			return m
		}
	}
	return Message{err.Error(), err.Error()}
}
