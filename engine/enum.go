package engine

import "fmt"

// The small enums (Game, Betting, ActionKind, EventKind, Street,
// HandCategory) spell themselves with a table of words; these serve their
// String, MarshalText and UnmarshalText methods.

// enumString returns e's word, or "<typ>(<e>)" for a value past the words.
func enumString[E ~uint8](e E, names []string, typ string) string {
	if int(e) >= len(names) {
		return fmt.Sprintf("%s(%d)", typ, uint8(e))
	}
	return names[e]
}

// enumMarshal returns e's word, or an error naming what e is for a value
// past the words.
func enumMarshal[E ~uint8](e E, names []string, what string) ([]byte, error) {
	w, err := enumWord(e, names, what)
	if err != nil {
		return nil, err
	}
	return []byte(w), nil
}

// enumWord is enumMarshal's word as a string (no copy made).
func enumWord[E ~uint8](e E, names []string, what string) (string, error) {
	if int(e) >= len(names) {
		return "", fmt.Errorf("engine: unknown %s %d", what, uint8(e))
	}
	return names[e], nil
}

// enumUnmarshal sets *e to the value whose word is b, or leaves it and
// returns an error naming what e is.
func enumUnmarshal[E ~uint8](e *E, names []string, what string, b []byte) error {
	for i, n := range names {
		if n == string(b) {
			*e = E(i)
			return nil
		}
	}
	return fmt.Errorf("engine: unknown %s %q", what, b)
}
