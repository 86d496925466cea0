package pokerstars_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// A hand the room stored before the short big blind rule (the covering
// small blind was asked to call up to the nominal big blind) is still
// written: /export of old hands does not fail on it.
func TestHandStoredBeforeTheShortBigBlindRuleIsWritten(t *testing.T) {
	b, err := os.ReadFile("../../engine/testdata/stored/short-bb-sb-calls.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Setup  engine.Setup   `json:"setup"`
		Events []engine.Event `json:"events"`
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h := pokerstars.Hand{Setup: rec.Setup, Events: rec.Events, Number: 7, Table: "Old", MaxSeats: 2,
		Time: time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC), Players: []string{"ana", "ben"}, Hero: 0}
	if err := pokerstars.WriteHand(&out, h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "ana: calls 5") {
		t.Errorf("the small blind's call is not written:\n%s", out.String())
	}
}
