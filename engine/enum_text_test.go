package engine

import (
	"fmt"
	"testing"
)

// checkEnumText checks that each value of E spells its name in String and
// MarshalText and reads back from it, that a value past the names prints as
// "<typ>(<n>)" and does not marshal, and that an unknown word is refused
// without changing the value.
func checkEnumText[E interface {
	~uint8
	fmt.Stringer
	MarshalText() ([]byte, error)
}, P interface {
	*E
	UnmarshalText([]byte) error
}](t *testing.T, names []string, typ, what string) {
	t.Helper()
	for i, name := range names {
		e := E(i)
		if got := e.String(); got != name {
			t.Errorf("%s(%d).String() = %q, want %q", typ, i, got, name)
		}
		if b, err := e.MarshalText(); err != nil || string(b) != name {
			t.Errorf("%s(%d).MarshalText() = %q, %v; want %q", typ, i, b, err, name)
		}
		var back E
		if err := P(&back).UnmarshalText([]byte(name)); err != nil || back != e {
			t.Errorf("UnmarshalText(%q) = %d, %v; want %d", name, back, err, i)
		}
	}
	past := E(len(names))
	if got, want := past.String(), fmt.Sprintf("%s(%d)", typ, len(names)); got != want {
		t.Errorf("String() past the names = %q, want %q", got, want)
	}
	if b, err := past.MarshalText(); b != nil || err == nil || err.Error() != fmt.Sprintf("engine: unknown %s %d", what, len(names)) {
		t.Errorf("%s(%d).MarshalText() = %q, %v; want an unknown %s error", typ, len(names), b, err, what)
	}
	kept := E(1)
	if err := P(&kept).UnmarshalText([]byte("nope")); err == nil || err.Error() != fmt.Sprintf("engine: unknown %s %q", what, "nope") || kept != 1 {
		t.Errorf("UnmarshalText(\"nope\") = %d, %v; want an unknown %s error and the value kept", kept, err, what)
	}
}

// The enums of configurations, actions and events serialise as their words.
func TestEnumsSpellTheirWordsAndRefuseUnknownOnes(t *testing.T) {
	t.Run("Game", func(t *testing.T) { checkEnumText[Game](t, gameNames[:], "Game", "game") })
	t.Run("Betting", func(t *testing.T) { checkEnumText[Betting](t, bettingNames[:], "Betting", "betting") })
	t.Run("ActionKind", func(t *testing.T) { checkEnumText[ActionKind](t, actionNames[:], "ActionKind", "action") })
	t.Run("EventKind", func(t *testing.T) { checkEnumText[EventKind](t, eventNames[:], "EventKind", "event kind") })
	t.Run("Street", func(t *testing.T) { checkEnumText[Street](t, streetNames[:], "Street", "street") })
}

// HandCategory has English names and no text form; past the names it
// prints as HandCategory(n).
func TestHandCategoriesPrintTheirNames(t *testing.T) {
	want := []string{
		"high card", "pair", "two pair", "three of a kind", "straight", "flush",
		"full house", "four of a kind", "straight flush", "five of a kind", "five figures",
	}
	for i, name := range want {
		if got := HandCategory(i).String(); got != name {
			t.Errorf("HandCategory(%d).String() = %q, want %q", i, got, name)
		}
	}
	if got := HandCategory(len(want)).String(); got != fmt.Sprintf("HandCategory(%d)", len(want)) {
		t.Errorf("HandCategory(%d).String() = %q", len(want), got)
	}
}
