package console

// The console's own user is "you" (its default name): the group's texts,
// written of a player in the third person ("ana calls 2"), are shown of
// "you" in the second ("you call 2", "you are registered", "your time ran
// out"), as a player reads about themself.

import (
	"regexp"
	"strings"
)

// youVerb is "you" followed by a verb in the third person, or "you's";
// and a second verb ("you folds and leaves").
var youVerb = regexp.MustCompile(`(^|[\s(\[,:;·])(you|You)( is| has| was|'s| [a-z]+s)( and [a-z]+s)?\b`)

// secondPerson rewrites the third person of "you" into the second.
func secondPerson(text string) string {
	if !strings.Contains(text, "you") && !strings.Contains(text, "You") {
		return text
	}
	return youVerb.ReplaceAllStringFunc(text, func(m string) string {
		sub := youVerb.FindStringSubmatch(m)
		lead, you, verb, and := sub[1], sub[2], sub[3], sub[4]
		if and != "" {
			and = " and " + base(strings.TrimPrefix(and, " and "))
		}
		switch verb {
		case " is":
			return lead + you + " are" + and
		case " has":
			return lead + you + " have" + and
		case " was":
			return lead + you + " were" + and
		case "'s":
			return lead + you + "r" + sub[4]
		}
		w := strings.TrimPrefix(verb, " ")
		if strings.HasSuffix(w, "ss") || len(w) < 3 { // "you miss": not a third person
			return m
		}
		return lead + you + " " + base(w) + and
	})
}

// base is a third-person verb's base form: "folds" fold, "goes" go,
// "tries" try; a word that is none ("miss") stays.
func base(w string) string {
	switch {
	case strings.HasSuffix(w, "ss"), len(w) < 3:
		return w
	case strings.HasSuffix(w, "oes"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "sses"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	}
	return strings.TrimSuffix(w, "s")
}
