package console

// The console's own user is "you" (its default name): the group's texts,
// written of a player in the third person ("ana calls 2"), are shown of
// "you" in the second ("you call 2", "you are registered", "your time ran
// out"), as a player reads about themself.

import (
	"regexp"
	"strings"
)

// youVerb is "you" followed by a verb in the third person, or "you's".
var youVerb = regexp.MustCompile(`(^|[\s(\[,:;·])(you|You)( is| has| was|'s| [a-z]+s)\b`)

// secondPerson rewrites the third person of "you" into the second.
func secondPerson(text string) string {
	if !strings.Contains(text, "you") && !strings.Contains(text, "You") {
		return text
	}
	return youVerb.ReplaceAllStringFunc(text, func(m string) string {
		sub := youVerb.FindStringSubmatch(m)
		lead, you, verb := sub[1], sub[2], sub[3]
		switch verb {
		case " is":
			return lead + you + " are"
		case " has":
			return lead + you + " have"
		case " was":
			return lead + you + " were"
		case "'s":
			return lead + you + "r"
		}
		w := strings.TrimPrefix(verb, " ")
		switch {
		case strings.HasSuffix(w, "ss"), len(w) < 3: // "you miss": not a third person
			return m
		case strings.HasSuffix(w, "oes"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "sses"):
			w = strings.TrimSuffix(w, "es")
		case strings.HasSuffix(w, "ies"):
			w = strings.TrimSuffix(w, "ies") + "y"
		default:
			w = strings.TrimSuffix(w, "s")
		}
		return lead + you + " " + w
	})
}
