package bot

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
)

// ButtonToken is what a button under a table message carries: the table,
// the hand, the number of the action it answers (the hand's event count
// when the prompt was shown), the player it is meant for, and the action
// with its amount (a "raise to" total). The room signs it (Signer), so that
// a forged, stale (an earlier street or hand, or a press already applied)
// or foreign (another player's) button is refused, never applied.
type ButtonToken struct {
	Table  int64
	Hand   int64
	Action int64 // the hand's event count the prompt was shown at
	Player int64 // the player the button is meant for
	Kind   byte  // the action (the room's own numbering)
	Amount int64 // a "raise to" total; 0 when none
}

// MaxTokenLen is the longest token Sign makes: Telegram's callback_data
// holds 64 bytes (Discord's custom_id 100).
const MaxTokenLen = 64

// macLen is the length of the signature kept in a token: 80 bits.
const macLen = 10

// Errors of button tokens, answered to the presser privately.
var (
	// ErrTokenForged: not a token the room signed (or a damaged one).
	ErrTokenForged = Errorf(EForbidden, "token.forged")
	// ErrTokenStale: a button of an earlier hand, street or action, or a
	// press already applied.
	ErrTokenStale = Errorf(EConflict, "token.stale")
	// ErrTokenForeign: another player's button.
	ErrTokenForeign = Errorf(EForbidden, "token.foreign")
)

// Signer signs and verifies button tokens with the room's key (HMAC-SHA256).
type Signer struct{ key []byte }

// NewSigner returns a signer with key, which must hold at least 32 bytes
// (the room generates it at its first start and keeps it in the database).
func NewSigner(key []byte) (*Signer, error) {
	if len(key) < 32 {
		return nil, fmt.Errorf("button token key of %d bytes, want at least 32", len(key))
	}
	return &Signer{key: append([]byte(nil), key...)}, nil
}

// Sign returns t as a token of at most MaxTokenLen URL-safe characters.
func (s *Signer) Sign(t ButtonToken) (string, error) {
	if t.Table < 0 || t.Hand < 0 || t.Action < 0 || t.Player < 0 || t.Amount < 0 {
		return "", fmt.Errorf("button token %+v: negative field", t)
	}
	b := make([]byte, 0, 5*binary.MaxVarintLen64+1+macLen)
	for _, v := range [...]int64{t.Table, t.Hand, t.Action, t.Player} {
		b = binary.AppendUvarint(b, uint64(v))
	}
	b = append(b, t.Kind)
	b = binary.AppendUvarint(b, uint64(t.Amount))
	b = append(b, s.mac(b)...)
	out := base64.RawURLEncoding.EncodeToString(b)
	if len(out) > MaxTokenLen {
		return "", fmt.Errorf("button token %+v: %d characters, at most %d", t, len(out), MaxTokenLen)
	}
	return out, nil
}

func (s *Signer) mac(b []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("pokerroom button v1\x00"))
	m.Write(b)
	return m.Sum(nil)[:macLen]
}

// Verify returns the token's content if the room signed it; anything else
// (bad encoding, a wrong signature, trailing bytes) is ErrTokenForged.
func (s *Signer) Verify(token string) (ButtonToken, error) {
	var t ButtonToken
	if len(token) > MaxTokenLen {
		return t, ErrTokenForged
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) < macLen+6 {
		return t, ErrTokenForged
	}
	body, sig := b[:len(b)-macLen], b[len(b)-macLen:]
	if !hmac.Equal(sig, s.mac(body)) {
		return t, ErrTokenForged
	}
	var vals [5]int64
	rest := body
	for i := range vals {
		if i == 4 {
			if len(rest) == 0 {
				return ButtonToken{}, ErrTokenForged
			}
			t.Kind, rest = rest[0], rest[1:]
		}
		v, n := binary.Uvarint(rest)
		if n <= 0 || v > 1<<62 {
			return ButtonToken{}, ErrTokenForged
		}
		vals[i], rest = int64(v), rest[n:]
	}
	if len(rest) != 0 {
		return ButtonToken{}, ErrTokenForged
	}
	t.Table, t.Hand, t.Action, t.Player, t.Amount = vals[0], vals[1], vals[2], vals[3], vals[4]
	return t, nil
}

// Check refuses a verified token pressed by presser when the table is at
// hand and action: another player's button is ErrTokenForeign; a button of
// another table, hand or action (an earlier street, or a press already
// applied, which moved the action on) is ErrTokenStale.
func (t ButtonToken) Check(table, hand, action, presser int64) error {
	switch {
	case t.Player != presser:
		return ErrTokenForeign
	case t.Table != table || t.Hand != hand || t.Action != action:
		return ErrTokenStale
	}
	return nil
}
