package engine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// Hands stored before the short big blind rule (R-BET-8, R-BET-9: a big
// blind all in for less than the small blind leaves the covering small
// blind nothing to do) recorded the small blind's call or fold there;
// they must still resume (the hand view, statistics, exports, a table's
// restart), played by the rule they were dealt under.
func TestHandsStoredBeforeTheShortBigBlindRuleStillResume(t *testing.T) {
	files, err := filepath.Glob("testdata/stored/short-bb-*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no stored hands: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
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
			for name, resume := range map[string]func() (*engine.Hand, error){
				"Resume": func() (*engine.Hand, error) { return engine.Resume(rec.Setup, rec.Events) },
				"ResumeSteps": func() (*engine.Hand, error) {
					return engine.ResumeSteps(rec.Setup, rec.Events, func(*engine.Hand, engine.Action, int, engine.Street) {})
				},
			} {
				h, err := resume()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !h.Done() || len(h.Events()) != len(rec.Events) {
					t.Fatalf("%s: done %v with %d events, want the %d stored", name, h.Done(), len(h.Events()), len(rec.Events))
				}
			}
			// A new hand in the same spot plays by the rule of today.
			h, err := engine.Start(rec.Setup)
			if err != nil {
				t.Fatal(err)
			}
			if !h.Done() {
				t.Fatalf("a new hand asks the small blind to act: %+v", h.Legal())
			}
		})
	}
}
