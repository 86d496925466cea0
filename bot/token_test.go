package bot

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

func testSigner(t testing.TB, seed byte) *Signer {
	t.Helper()
	s, err := NewSigner(bytes.Repeat([]byte{seed}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTokenRoundTripFitsTelegram(t *testing.T) {
	s := testSigner(t, 1)
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 20000; k++ {
		want := ButtonToken{Table: r.Int64N(1_000_000), Hand: r.Int64N(1_000_000_000_000), Action: r.Int64N(10_000),
			Player: r.Int64N(1_000_000_000_000), Kind: byte(r.IntN(8)), Amount: r.Int64N(1 << 50)}
		tok, err := s.Sign(want)
		if err != nil {
			t.Fatal(err)
		}
		if len(tok) > MaxTokenLen {
			t.Fatalf("%+v: %d characters", want, len(tok))
		}
		got, err := s.Verify(tok)
		if err != nil || got != want {
			t.Fatalf("Verify(Sign(%+v)) = %+v, %v", want, got, err)
		}
	}
	if _, err := NewSigner(make([]byte, 16)); err == nil {
		t.Fatal("a 16-byte key was accepted")
	}
}

// Forged tokens — changed in any character, signed with another key,
// truncated, extended, or not base64 at all — are refused.
func TestForgedTokensAreRefused(t *testing.T) {
	s, other := testSigner(t, 1), testSigner(t, 2)
	tok, _ := s.Sign(ButtonToken{Table: 7, Hand: 1234, Action: 17, Player: 42, Kind: 3, Amount: 600})
	otherTok, _ := other.Sign(ButtonToken{Table: 7, Hand: 1234, Action: 17, Player: 42, Kind: 3, Amount: 600})
	forged := []string{"", "x", "not a token!", otherTok, tok[:len(tok)-1], tok + "A", tok + tok}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	for i := range tok {
		for _, c := range []byte{alphabet[0], alphabet[63]} {
			if tok[i] != c {
				forged = append(forged, tok[:i]+string(c)+tok[i+1:])
			}
		}
	}
	for _, f := range forged {
		if got, err := s.Verify(f); !errors.Is(err, ErrTokenForged) {
			// A change in the last character's unused low bits decodes
			// to the same bytes: that is the same token, not a forgery.
			if err == nil && got == (ButtonToken{Table: 7, Hand: 1234, Action: 17, Player: 42, Kind: 3, Amount: 600}) {
				continue
			}
			t.Errorf("Verify(%q) = %+v, %v; want ErrTokenForged", f, got, err)
		}
	}
}

// Stale (earlier hand, earlier action, other table), foreign and
// duplicate presses are refused.
func TestStaleForeignAndDuplicatePressesAreRefused(t *testing.T) {
	s := testSigner(t, 1)
	tok, _ := s.Sign(ButtonToken{Table: 7, Hand: 1234, Action: 17, Player: 42, Kind: 2})
	b, err := s.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(7, 1234, 17, 42); err != nil {
		t.Fatalf("the right press: %v", err)
	}
	for _, tc := range []struct {
		name                         string
		table, hand, action, presser int64
		want                         error
	}{
		{"another player's button", 7, 1234, 17, 43, ErrTokenForeign},
		{"an earlier street", 7, 1234, 25, 42, ErrTokenStale},
		{"the press again, after it was applied", 7, 1234, 18, 42, ErrTokenStale},
		{"an earlier hand", 7, 1235, 3, 42, ErrTokenStale},
		{"another table", 8, 1234, 17, 42, ErrTokenStale},
	} {
		if err := b.Check(tc.table, tc.hand, tc.action, tc.presser); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	for _, e := range []error{ErrTokenForged, ErrTokenStale, ErrTokenForeign} {
		if m := FromError(e).Message(Spanish); m == "" || m == Catalogue[KeyInternal].Es {
			t.Errorf("%v has no specific answer", e)
		}
	}
}

// FuzzVerifyToken: Verify never panics, and whatever it accepts signs back
// to a token that verifies to the same content.
func FuzzVerifyToken(f *testing.F) {
	s := testSigner(f, 1)
	tok, _ := s.Sign(ButtonToken{Table: 1, Hand: 2, Action: 3, Player: 4, Kind: 5, Amount: 6})
	f.Add(tok)
	f.Add("AAAA")
	f.Fuzz(func(t *testing.T, in string) {
		b, err := s.Verify(in)
		if err != nil {
			return
		}
		again, err := s.Sign(b)
		if err != nil {
			t.Fatalf("accepted %q as %+v, which does not sign: %v", in, b, err)
		}
		if b2, err := s.Verify(again); err != nil || b2 != b {
			t.Fatalf("accepted %q as %+v; re-signed: %+v, %v", in, b, b2, err)
		}
	})
}

// A cards message's key names its table, for a platform that keeps one
// cards message per table; any other key names none.
func TestCardsKeyNamesItsTable(t *testing.T) {
	for _, c := range []struct{ key, table string }{
		{CardsKey(7, 31, 2), "7"},
		{"cards:12:1:3", "12"},
		{"table:7:31", ""},
		{"cards:7", ""},
		{"", ""},
	} {
		if got := CardsTable(c.key); got != c.table {
			t.Errorf("CardsTable(%q) = %q, want %q", c.key, got, c.table)
		}
	}
}

// A seat taken anew at a table (its hand number when taken) is its own
// cards message: a platform keying cards messages by CardsTable edits the
// new seat's, not an earlier seat's at the same table.
func TestSeatCardsKeyNamesTheSeat(t *testing.T) {
	for _, c := range []struct {
		since int
		table string
	}{{0, "7"}, {1, "7.1"}, {12, "7.12"}} {
		if got := CardsTable(SeatCardsKey(7, c.since, 31, 2)); got != c.table {
			t.Errorf("CardsTable(SeatCardsKey(7, %d, ...)) = %q, want %q", c.since, got, c.table)
		}
	}
}
