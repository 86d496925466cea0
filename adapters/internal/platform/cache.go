package platform

import "github.com/hashicorp/golang-lru/v2/simplelru"

// DefaultCacheSize bounds an adapter's per-user maps (names, admin
// checks, the latest chat of each user...) unless configured.
const DefaultCacheSize = 20000

// Cache is a map that keeps only its most recently used entries (an LRU):
// an adapter's per-user state, which would otherwise grow with every user
// ever seen. Not safe for concurrent use: the adapters hold their lock.
type Cache[K comparable, V any] struct{ l *simplelru.LRU[K, V] }

// NewCache returns a cache of at most size entries (DefaultCacheSize when
// size <= 0).
func NewCache[K comparable, V any](size int) *Cache[K, V] {
	if size <= 0 {
		size = DefaultCacheSize
	}
	l, err := simplelru.NewLRU[K, V](size, nil)
	if err != nil {
		panic(err) // only for size <= 0
	}
	return &Cache[K, V]{l: l}
}

// Lookup returns k's value and whether it is there, marking it used.
func (c *Cache[K, V]) Lookup(k K) (V, bool) { return c.l.Get(k) }

// Get returns k's value, the zero value when absent, marking it used.
func (c *Cache[K, V]) Get(k K) V {
	v, _ := c.l.Get(k)
	return v
}

// Set sets k's value; the least recently used entry goes when full.
func (c *Cache[K, V]) Set(k K, v V) { c.l.Add(k, v) }

// SetIfAbsent sets k's value unless k is there (a value read from the
// store while the lock was not held yields to one set meanwhile), marking
// k used either way.
func (c *Cache[K, V]) SetIfAbsent(k K, v V) {
	if _, ok := c.l.Get(k); !ok {
		c.l.Add(k, v)
	}
}

// Delete removes k.
func (c *Cache[K, V]) Delete(k K) { c.l.Remove(k) }

// Len is the number of entries.
func (c *Cache[K, V]) Len() int { return c.l.Len() }

// Keys returns the keys, oldest first.
func (c *Cache[K, V]) Keys() []K { return c.l.Keys() }
