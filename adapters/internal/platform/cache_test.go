package platform

import "testing"

func TestCacheKeepsOnlyTheMostRecentlyUsed(t *testing.T) {
	c := NewCache[int, string](3)
	for i := range 10 {
		c.Set(i, "v")
	}
	if c.Len() != 3 {
		t.Fatalf("%d entries, want the bound, 3", c.Len())
	}
	c.Get(7) // used: kept over 8
	c.Set(10, "v")
	if _, ok := c.Lookup(7); !ok {
		t.Error("the entry just used was dropped")
	}
	if _, ok := c.Lookup(8); ok {
		t.Error("the least recently used entry was kept")
	}
	if v := c.Get(99); v != "" {
		t.Errorf("an absent key gave %q", v)
	}
	c.Delete(7)
	if _, ok := c.Lookup(7); ok {
		t.Error("a deleted entry is still there")
	}
}

// A value read from the store yields to one set meanwhile: SetIfAbsent
// sets a key that is not there, and leaves one that is.
func TestSetIfAbsentKeepsAValueSetMeanwhile(t *testing.T) {
	c := NewCache[string, int](4)
	c.SetIfAbsent("a", 1)
	c.Set("b", 2)
	c.SetIfAbsent("b", 3)
	if v, _ := c.Lookup("a"); v != 1 {
		t.Errorf("a = %d, want 1 (set when absent)", v)
	}
	if v, _ := c.Lookup("b"); v != 2 {
		t.Errorf("b = %d, want 2 (kept)", v)
	}
}
