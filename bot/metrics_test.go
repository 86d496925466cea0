package bot

import (
	"testing"
	"time"
)

// Since reads the durations observed between two copies of a histogram:
// the slow ones before the first copy do not count in its percentiles.
func TestHistogramSinceCountsOnlyWhatCameAfter(t *testing.T) {
	var h Histogram
	for range 100 {
		h.Observe(50 * time.Millisecond) // a slow start
	}
	before := h
	for i := range 1000 {
		h.Observe(time.Duration(1+i%10) * time.Millisecond)
	}
	after := h.Since(before)
	all, since := h.Summary(), after.Summary()
	if all.Count != 1100 || since.Count != 1000 {
		t.Fatalf("counts %d and %d, want 1100 and 1000", all.Count, since.Count)
	}
	if all.P99 < 45*time.Millisecond {
		t.Fatalf("p99 over everything %v, want the slow start's 50ms", all.P99)
	}
	// Buckets are 5% apart: 10ms reads as at most 10.5ms.
	if since.P99 < 10*time.Millisecond || since.P99 > 10500*time.Microsecond {
		t.Fatalf("p99 since the copy %v, want about 10ms", since.P99)
	}
	if since.Max < 10*time.Millisecond || since.Max > 10500*time.Microsecond {
		t.Fatalf("max since the copy %v, want about 10ms (not the start's 50ms)", since.Max)
	}
	if want := all.Sum - 100*50*time.Millisecond; since.Sum != want {
		t.Fatalf("sum since the copy %v, want %v", since.Sum, want)
	}
	nothing := h.Since(h)
	if empty := nothing.Summary(); empty.Count != 0 || empty.P99 != 0 || empty.Max != 0 {
		t.Fatalf("nothing since: %+v", empty)
	}
}
