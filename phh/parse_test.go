package phh

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

const dwanIvey = `# The first televised million dollar pot between Tom Dwan and Phil Ivey.

variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop
  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "d dh p3 7h6h",  # Dwan
  "p3 cbr 7000",
  "p1 cbr 23000 # a commentary",
  "p2 f",
  "p3 cc",
  "d db Jc3d5c",
  "",
  "# just a commentary",
  "p1 sm Ac2d",
  "p3 sm",
]
author = "Juho Kim"
hand = 7
year = 2009
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
finishing_stacks = [1, 2, 3.5]
`

func TestParseReadsEveryField(t *testing.T) {
	h, err := Parse("dwan.phh", []byte(dwanIvey))
	if err != nil {
		t.Fatal(err)
	}
	if h.Variant != "NT" || !h.AnteTrimmingStatus || h.MinBet != 2000 {
		t.Errorf("variant/trimming/min bet = %q %v %v", h.Variant, h.AnteTrimmingStatus, h.MinBet)
	}
	if !reflect.DeepEqual(h.Antes, []float64{500, 500, 500}) ||
		!reflect.DeepEqual(h.BlindsOrStraddles, []float64{1000, 2000, 0}) ||
		!reflect.DeepEqual(h.StartingStacks, []float64{1125600, 2000000, 553500}) ||
		!reflect.DeepEqual(h.FinishingStacks, []float64{1, 2, 3.5}) {
		t.Errorf("arrays: %v %v %v %v", h.Antes, h.BlindsOrStraddles, h.StartingStacks, h.FinishingStacks)
	}
	if h.Meta.Author != "Juho Kim" || h.Meta.HandID != "7" || h.Meta.Year != 2009 || len(h.Meta.Players) != 3 {
		t.Errorf("meta = %+v", h.Meta)
	}
	want := []struct {
		kind   ActionKind
		player int
		amount float64
		cards  string
		line   int
	}{
		{DealHole, 1, 0, "Ac2d", 11},
		{DealHole, 2, 0, "????", 12},
		{DealHole, 3, 0, "7h6h", 13},
		{CompleteBetOrRaiseTo, 3, 7000, "", 14},
		{CompleteBetOrRaiseTo, 1, 23000, "", 15},
		{Fold, 2, 0, "", 16},
		{CheckOrCall, 3, 0, "", 17},
		{DealBoard, 0, 0, "Jc3d5c", 18},
		{NoOp, 0, 0, "", 19},
		{NoOp, 0, 0, "", 20},
		{ShowOrMuck, 1, 0, "Ac2d", 21},
		{ShowOrMuck, 3, 0, "", 22},
	}
	if len(h.Actions) != len(want) {
		t.Fatalf("got %d actions, want %d", len(h.Actions), len(want))
	}
	for i, w := range want {
		a := h.Actions[i]
		var cards strings.Builder
		writeCards(&cards, a.Cards)
		if a.Kind != w.kind || a.Player != w.player || a.Amount != w.amount || cards.String() != w.cards || a.Line != w.line || a.Index != i {
			t.Errorf("action %d = %+v (cards %q), want %+v", i, a, cards.String(), w)
		}
	}
	if h.Actions[1].Cards[0] != engine.NoCard {
		t.Errorf("unknown card parsed as %v", h.Actions[1].Cards[0])
	}
}

func TestParseHandsReadsTablesInOrder(t *testing.T) {
	doc := "[3]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 20]\nactions = ['p2 f']\n\n" +
		"[1]\nvariant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [10, 20]\nactions = []\nfinishing_stacks = [9, 21]\n"
	hs, err := ParseHands("g.phhs", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != 2 || hs[0].Name != "3" || hs[1].Name != "1" || hs[0].Line != 1 || hs[1].Line != 9 {
		t.Fatalf("hands = %d, names/lines %v", len(hs), []any{hs[0].Name, hs[0].Line, hs[1].Name, hs[1].Line})
	}
	if hs[0].FinishingStacks != nil || hs[1].SmallBet != 2 || hs[1].BigBet != 4 {
		t.Errorf("fields: %+v %+v", hs[0], hs[1])
	}
	if got := hs[1].Label(); got != "g.phhs [1]" {
		t.Errorf("label = %q", got)
	}
}

const base = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 20]\n"

func TestParseErrorsNameFileLineAndField(t *testing.T) {
	tests := []struct {
		name, file, doc string
		line            int
		field, msg      string
	}{
		{"toml syntax", "a.phh", "variant = 'NT\n", 1, "", "TOML"},
		{"syntax on a later line", "a.phh", base + "actions = [\n'p1 f',\n'p2 f'\n'p1 cc']\n", 9, "", "TOML"},
		{"missing field", "a.phh", "variant = 'NT'\nantes = [0, 0]\n", 1, "starting_stacks", "required field missing"},
		{"missing min_bet", "a.phh", "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nstarting_stacks = [1, 2]\nactions = []\n", 1, "min_bet", "required"},
		{"fixed limit needs small_bet", "a.phh", "variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nstarting_stacks = [1, 2]\nactions = []\n", 1, "small_bet", "required"},
		{"wrong type", "a.phh", "variant = 3\n", 1, "variant", "want a string"},
		{"boolean wanted", "a.phh", "ante_trimming_status = 1\n", 1, "ante_trimming_status", "want true or false, got an integer"},
		{"number wanted", "a.phh", "min_bet = 'two'\n", 1, "min_bet", "want a number, got a string"},
		{"negative number", "a.phh", "min_bet = -2\n", 1, "min_bet", "non-negative"},
		{"integer wanted", "a.phh", "day = 1.5\n", 1, "day", "want an integer, got a float"},
		{"array wanted", "a.phh", "antes = {a = 1}\n", 1, "antes", "want an array of numbers, got an inline table"},
		{"actions of strings", "a.phh", "actions = [true]\n", 1, "actions[0]", "want a string, got a boolean"},
		{"negative ante", "a.phh", "antes = [0, -1]\n", 1, "antes[1]", "non-negative"},
		{"bad verb", "a.phh", base + "actions = [\n  'd dh p1 AsKs',\n  'p1 raise 3',\n]\n", 8, "actions[1]", "unknown action"},
		{"bad card", "a.phh", base + "actions = ['d dh p1 AsKx']\n", 6, "actions[0]", "bad card"},
		{"odd card text", "a.phh", base + "actions = ['d db AsK']\n", 6, "actions[0]", "two characters per card"},
		{"bad amount", "a.phh", base + "actions = ['p1 cbr 1e3']\n", 6, "actions[0]", "bad amount"},
		{"player zero", "a.phh", base + "actions = ['p0 f']\n", 6, "actions[0]", "numbered from p1"},
		{"player beyond the table", "a.phh", base + "actions = ['p1 f',\n'p3 f']\n", 7, "actions[1]", "hand has 2 players"},
		{"cc with argument", "a.phh", base + "actions = ['p1 cc 3']\n", 6, "actions[0]", "takes no argument"},
		{"length mismatch", "a.phh", base + "actions = []\nfinishing_stacks = [1]\n", 1, "finishing_stacks", "one entry per player"},
		{"field twice", "a.phh", base + "min_bet = 3\nactions = []\n", 6, "min_bet", "defined twice"},
		{"zero stack", "a.phh", "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [0, 20]\nactions = []\n", 1, "starting_stacks[0]", "positive"},
		{"table in a phh file", "a.phh", "[1]\n" + base, 1, "", ".phhs"},
		{"field outside a table", "a.phhs", base, 1, "", "outside a hand table"},
		{"hand error names the table", "a.phhs", "[1]\n" + base + "actions = []\n[2]\n" + base + "actions = ['p1 xx']\n", 14, "actions[0]", "unknown action"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFile(tt.file, []byte(tt.doc))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error = %v, want a *phh.Error", err)
			}
			if e.File != tt.file || (tt.line != 0 && e.Line != tt.line) || e.Field != tt.field || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("error = %q (line %d, field %q), want line %d field %q containing %q", e.Error(), e.Line, e.Field, tt.line, tt.field, tt.msg)
			}
			if !strings.HasPrefix(e.Error(), tt.file) {
				t.Errorf("message %q does not start with the file name", e.Error())
			}
		})
	}
}

func TestParseHandsKeepsGoodHandsBesideBadOnes(t *testing.T) {
	doc := "[1]\n" + base + "actions = ['p1 nope']\n[2]\n" + base + "actions = ['p2 f']\n"
	hs, err := ParseHands("x.phhs", []byte(doc))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Hand != "1" {
		t.Fatalf("err = %v", err)
	}
	if len(hs) != 1 || hs[0].Name != "2" {
		t.Fatalf("hands = %v", hs)
	}
	if !strings.Contains(err.Error(), "hand [1]") {
		t.Errorf("message %q does not name the hand", err.Error())
	}
}

func TestParseNumbersInTOMLForms(t *testing.T) {
	doc := "variant = 'NT'\nantes = [0.0, 1_000]\nblinds_or_straddles = [0x10, 2e1]\nmin_bet = 2\nstarting_stacks = [inf, +20]\nactions = ['p1 cbr 10162.5']\n"
	h, err := Parse("n.phh", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.Antes, []float64{0, 1000}) || !reflect.DeepEqual(h.BlindsOrStraddles, []float64{16, 20}) ||
		!math.IsInf(h.StartingStacks[0], 1) || h.StartingStacks[1] != 20 || h.Actions[0].Amount != 10162.5 {
		t.Errorf("numbers: %v %v %v %v", h.Antes, h.BlindsOrStraddles, h.StartingStacks, h.Actions[0].Amount)
	}
}

func TestActionStringRoundTrips(t *testing.T) {
	for _, s := range []string{"d dh p1 AsKs", "d db 7d8c6s", "d db 2h", "p1 cbr 300", "p2 cc", "p3 f",
		"p1 sm AsKs", "p1 sm", "p2 sd", "p2 sd 7h2c", "p1 pb", "d dh p12 ????", "p1 cbr 10162.5"} {
		a, _, msg := parseAction([]byte(s), nil)
		if msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
		if got := a.String(); got != s {
			t.Errorf("String() = %q, want %q", got, s)
		}
	}
}

func TestReadParsesFromAReader(t *testing.T) {
	hs, err := Read("r.phh", strings.NewReader(base+"actions = []\n"))
	if err != nil || len(hs) != 1 || hs[0].Players() != 2 {
		t.Fatalf("Read = %v, %v", hs, err)
	}
}

func TestErrorListNamesTheFirstAndCountsTheRest(t *testing.T) {
	l := ErrorList{{File: "f", Hand: "1", Line: 3, Field: "antes", Msg: "bad"}, {File: "f", Hand: "2", Msg: "worse"}}
	if got := l.Error(); got != "f:3: hand [1]: antes: bad (and 1 more errors)" {
		t.Errorf("Error() = %q", got)
	}
	var e *Error
	if !errors.As(error(l), &e) || e.Hand != "1" {
		t.Errorf("errors.As finds %v", e)
	}
}

func TestNamesOfKindsAndStatuses(t *testing.T) {
	if DealBoard.String() != "db" || NoOp.String() != "no-op" || ShowOrMuck.String() != "sm" || ActionKind(99).String() != "ActionKind(99)" {
		t.Error("action kind names")
	}
	if Match.String() != "match" || Apart.String() != "apart" || Status(9).String() != "Status(9)" {
		t.Error("status names")
	}
	if !(Action{Kind: DealHole}).IsDealer() || (Action{Kind: Fold}).IsDealer() {
		t.Error("IsDealer")
	}
}
