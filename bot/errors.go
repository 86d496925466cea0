package bot

import (
	"errors"
	"fmt"
)

// Code classifies an application error: what kind of answer the user gets.
// Adapters translate an *Error once, by its Code and Key, into the chat's
// language; the cause (Err) is logged, never shown.
type Code string

// The error classes.
const (
	EInvalid     Code = "invalid"     // bad input: an amount, an argument, a command out of turn
	ENotFound    Code = "not_found"   // no such table, hand, player or account
	EConflict    Code = "conflict"    // the state changed under the request (stale, duplicate)
	EForbidden   Code = "forbidden"   // not allowed for this user (not an admin, not your seat)
	EBusy        Code = "busy"        // try again shortly (a full inbox)
	EUnavailable Code = "unavailable" // a dependency is down (the database)
	EInternal    Code = "internal"    // a bug: the user gets a generic apology
)

// Error is the application's error: a class, a message key naming the
// specific problem (its translations live in the catalogue), the values the
// message shows, and the cause.
type Error struct {
	Code Code
	// Key names the message, for example "bet.below_minimum".
	Key string
	// Args are the values the message shows (an allowed range, a seat...).
	Args []any
	// Err is the underlying error, for logs only.
	Err error
	// Lang is the language the room chose for the user who caused the
	// error (LangFor); Translate prefers it to the caller's guess.
	Lang string
}

// Error returns the key, its arguments and the cause, for logs.
func (e *Error) Error() string {
	s := string(e.Code) + ": " + e.Key
	if len(e.Args) > 0 {
		s += fmt.Sprint(e.Args)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is matches another *Error with the same Code and Key, so that sentinels
// such as ErrNotFound match however they were wrapped or annotated.
func (e *Error) Is(target error) bool {
	var t *Error
	if !errors.As(target, &t) {
		return false
	}
	return t.Code == e.Code && t.Key == e.Key
}

// Errorf returns an *Error with the given code and key; args are the values
// the message shows.
func Errorf(code Code, key string, args ...any) *Error {
	return &Error{Code: code, Key: key, Args: args}
}

// ErrorCode returns the code of the first *Error in err's chain, EInternal
// for any other non-nil error, and "" for nil.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// Errors the storage contracts return (see storage.go); implementations wrap
// them with detail: fmt.Errorf("%w: hand %d", bot.ErrNotFound, id).
var (
	ErrNotFound          = Errorf(ENotFound, "not_found")
	ErrDuplicate         = Errorf(EConflict, "duplicate")
	ErrInsufficientFunds = Errorf(EInvalid, "insufficient_funds")
	// ErrMalformed: a write the storage refuses as malformed (a seat
	// numbered below 1, a negative stack, an event or a tournament op
	// without a number or a kind): a defect of its writer, refused
	// before anything of its transaction is stored. A user meets it as
	// the internal error it is.
	ErrMalformed = errors.New("malformed write")
)

// ELimited is the class of a refused command: the user sends commands
// faster than the room answers them.
const ELimited Code = "limited"

// KeySlowDown is the answer to the first command over a user's limit; it
// shows how many seconds until the next one is taken.
const KeySlowDown = "limit.slow_down"

// ErrSilenced refuses a command over the user's limit after they were told
// to slow down once: adapters answer it with nothing (a button press is
// still acknowledged, without text), so that a flood of commands costs
// the platform's send budget nothing. Test with IsSilenced.
var ErrSilenced = Errorf(ELimited, "limit.silenced")

// IsSilenced reports whether err is ErrSilenced: the command is to be
// left unanswered.
func IsSilenced(err error) bool { return errors.Is(err, ErrSilenced) }

// LangFor is the one rule of a user's language: their own /lang choice,
// else their client's language, else the chat's, else English.
func LangFor(player, client, chat string) string {
	for _, l := range []string{player, client, chat} {
		if l == English || l == Spanish {
			return l
		}
	}
	return English
}
