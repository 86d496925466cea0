package telegramtest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
)

// The fake's reading of a message's parse_mode: HTML as Telegram's Bot API
// documents it (https://core.telegram.org/bots/api#html-style). The text a
// user sees is the text without tags, entities decoded; markup Telegram
// would refuse is refused with its "can't parse entities" error.

// htmlTags are the tags Telegram's HTML accepts.
var htmlTags = map[string]bool{"b": true, "strong": true, "i": true, "em": true, "u": true, "ins": true,
	"s": true, "strike": true, "del": true, "span": true, "tg-spoiler": true, "a": true, "code": true,
	"pre": true, "blockquote": true, "tg-emoji": true}

// namedEntities are the only named HTML entities Telegram accepts.
var namedEntities = map[string]string{"lt": "<", "gt": ">", "amp": "&", "quot": `"`}

// parseHTML returns the text an HTML message shows and how many entities
// (formatted runs) it holds, or the error Telegram answers.
func parseHTML(s string) (text string, entities int, err error) {
	var b strings.Builder
	var open []string
	for i := 0; i < len(s); {
		switch s[i] {
		case '<':
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				return "", 0, fmt.Errorf("can't parse entities: Unclosed start tag at byte offset %d", i)
			}
			tag := s[i+1 : i+end]
			if strings.HasPrefix(tag, "/") {
				name := strings.TrimSpace(tag[1:])
				if len(open) == 0 || open[len(open)-1] != name {
					return "", 0, fmt.Errorf("can't parse entities: Unmatched end tag at byte offset %d, expected \"</%s>\", found \"</%s>\"", i, last(open), name)
				}
				open = open[:len(open)-1]
			} else {
				name, _, _ := strings.Cut(tag, " ")
				if !htmlTags[name] {
					return "", 0, fmt.Errorf("can't parse entities: Unsupported start tag \"%s\" at byte offset %d", name, i)
				}
				open = append(open, name)
				entities++
			}
			i += end + 1
		case '&':
			end := strings.IndexByte(s[i:], ';')
			if end < 0 {
				return "", 0, fmt.Errorf("can't parse entities: Character '&' is reserved and must be escaped with \"&amp;\" at byte offset %d", i)
			}
			name := s[i+1 : i+end]
			switch {
			case namedEntities[name] != "":
				b.WriteString(namedEntities[name])
			case strings.HasPrefix(name, "#x"):
				n, err := strconv.ParseUint(name[2:], 16, 32)
				if err != nil {
					return "", 0, fmt.Errorf("can't parse entities: bad entity at byte offset %d", i)
				}
				b.WriteRune(rune(n))
			case strings.HasPrefix(name, "#"):
				n, err := strconv.ParseUint(name[1:], 10, 32)
				if err != nil {
					return "", 0, fmt.Errorf("can't parse entities: bad entity at byte offset %d", i)
				}
				b.WriteRune(rune(n))
			default:
				return "", 0, fmt.Errorf("can't parse entities: Character '&' is reserved and must be escaped with \"&amp;\" at byte offset %d", i)
			}
			i += end + 1
		case '>':
			return "", 0, fmt.Errorf("can't parse entities: Character '>' is reserved and must be escaped with \"&gt;\" at byte offset %d", i)
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	if len(open) > 0 {
		return "", 0, fmt.Errorf("can't parse entities: Can't find end tag corresponding to start tag \"%s\"", open[len(open)-1])
	}
	return b.String(), entities, nil
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}

// len16 is the length of s as Telegram counts it: UTF-16 code units.
func len16(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
