package engine

import "strconv"

// AppendJSON appends e's JSON to b: the bytes encoding/json writes for an
// Event (its field tags, omitempty and all), without reflection. A table
// encodes every event it stores before the group commit takes it, so this
// is on every action's path. An event kind, street or card past the known
// ones is an error, as their MarshalText says; b is then returned as given.
func (e Event) AppendJSON(b []byte) ([]byte, error) {
	kind, err := enumWord(e.Kind, eventNames[:], "event kind") // as MarshalText, without its copy
	if err != nil {
		return b, err
	}
	street, err := enumWord(e.Street, streetNames[:], "street")
	if err != nil {
		return b, err
	}
	out := append(b, `{"seq":`...)
	out = strconv.AppendInt(out, int64(e.Seq), 10)
	out = append(append(append(out, `,"kind":"`...), kind...), `","street":"`...)
	out = append(append(out, street...), `","seat":`...)
	out = strconv.AppendInt(out, int64(e.Seat), 10)
	if e.Amount != 0 {
		out = strconv.AppendInt(append(out, `,"amount":`...), e.Amount, 10)
	}
	if len(e.Cards) > 0 {
		out = append(out, `,"cards":[`...)
		for i, c := range e.Cards {
			text, err := c.MarshalText()
			if err != nil {
				return b, err
			}
			if i > 0 {
				out = append(out, ',')
			}
			out = append(append(append(out, '"'), text...), '"')
		}
		out = append(out, ']')
	}
	if e.AllIn {
		out = append(out, `,"all_in":true`...)
	}
	if e.Pot != 0 {
		out = strconv.AppendInt(append(out, `,"pot":`...), int64(e.Pot), 10)
	}
	if e.Board != 0 {
		out = strconv.AppendInt(append(out, `,"board":`...), int64(e.Board), 10)
	}
	if e.Low {
		out = append(out, `,"low":true`...)
	}
	return append(out, '}'), nil
}
