package storetest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// testKeyValues: bot.KV stores a value under a key and replaces it; a
// missing key is ErrNotFound; keys and values out of bounds are refused
// with an error naming the bound, nothing stored; values longer than a
// message id, and any UTF-8, come back as they went in.
func testKeyValues(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	var kv bot.KV = s
	ctx := context.Background()
	if _, err := kv.Value(ctx, "cron:none"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("missing key: %v, want ErrNotFound", err)
	}
	for _, c := range []struct {
		name, key, value string
		// refused: the error must contain it, and nothing is stored.
		refused string
	}{
		{"a cron state", "cron:template:1:pko", "2026-11-25T20:00:00Z every wed 20:00 utc", ""},
		{"replaced", "cron:template:1:pko", "2026-12-02T20:00:00Z every wed 20:00 utc", ""},
		{"an empty value", "telegram:update_offset:1", "", ""},
		{"a long value", "test:long", strings.Repeat("x", 1000), ""},
		{"the longest value", "test:longest", strings.Repeat("v", bot.KVValueMax), ""},
		{"UTF-8", "test:utf8", "ñandú ♠♥ 🂡", ""},
		{"the longest key", strings.Repeat("k", bot.KVKeyMax), "1", ""},
		{"an empty key", "", "1", "want 1 to 128"},
		{"a key too long", strings.Repeat("k", bot.KVKeyMax+1), "1", "want 1 to 128"},
		{"a value too long", "test:too_long", strings.Repeat("v", bot.KVValueMax+1), "at most 65536"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := kv.SetValue(ctx, c.key, c.value)
			if c.refused != "" {
				if err == nil || !strings.Contains(err.Error(), c.refused) {
					t.Fatalf("SetValue: %v, want an error saying %q", err, c.refused)
				}
				if _, err := kv.Value(ctx, c.key); !errors.Is(err, bot.ErrNotFound) {
					t.Fatalf("after a refusal, Value: %v, want ErrNotFound", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("SetValue: %v", err)
			}
			if got, err := kv.Value(ctx, c.key); err != nil || got != c.value {
				t.Fatalf("Value: %d bytes %.40q, %v; want %d bytes %.40q", len(got), got, err, len(c.value), c.value)
			}
		})
	}
}

// testMoveOnceMarksAreKeyValues: the mark MoveOnce writes is the KV's
// value of its key ("done"), which the room reads to know a grant was
// given once.
func testMoveOnceMarksAreKeyValues(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	ctx := context.Background()
	if _, err := s.Value(ctx, "welcome:1:2"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("before the mark: %v, want ErrNotFound", err)
	}
	if err := s.MoveOnce(ctx, "welcome:1:2"); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Value(ctx, "welcome:1:2"); err != nil || v != "done" {
		t.Fatalf("the mark: %q, %v; want done", v, err)
	}
}

// testKeyValuesSurviveMigration9: the message ids and keyed state of a
// version-8 database (the table message_ids) are found, unchanged, by
// MessageIDs and KV after migration 9 renamed the table key_values.
func testKeyValuesSurviveMigration9(t *testing.T, open Opener) {
	s, clock := migrated(t, open)
	ctx := context.Background()
	// Back to version 8: the table and column as migration 2 made them.
	down := []string{
		"ALTER TABLE key_values RENAME COLUMN value TO message_id",
		"ALTER TABLE key_values RENAME TO message_ids",
		"DELETE FROM schema_migrations WHERE version = 9",
	}
	if s.DB().Dialector.Name() == "postgres" {
		down = append(down, "ALTER TABLE message_ids RENAME CONSTRAINT key_values_pkey TO message_ids_pkey",
			"ALTER TABLE message_ids ALTER COLUMN message_id TYPE character varying(128)")
	}
	for _, q := range down {
		if err := s.DB().Exec(q).Error; err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	rows := map[string]string{
		"table:7:3":                "4711",
		"cron:template:1:pko":      "2026-11-25T20:00:00Z every wed 20:00 utc",
		"telegram:update_offset:1": "812 1764100000",
		"welcome:1:2":              "done",
	}
	for k, v := range rows {
		if err := s.DB().Exec("INSERT INTO message_ids (key, message_id, updated_at) VALUES (?, ?, ?)", k, v, clock.Now()).Error; err != nil {
			t.Fatalf("a version-8 row: %v", err)
		}
	}
	if applied, err := s.Migrate(ctx); err != nil || applied != 1 {
		t.Fatalf("migrate from version 8: %d steps, %v; want 1", applied, err)
	}
	if id, err := s.MessageID(ctx, "table:7:3"); err != nil || id != "4711" {
		t.Fatalf("the message id after migration: %q, %v", id, err)
	}
	for k, v := range rows {
		if got, err := s.Value(ctx, k); err != nil || got != v {
			t.Errorf("%s after migration: %q, %v; want %q", k, got, err, v)
		}
	}
	if s.DB().Migrator().HasTable("message_ids") {
		t.Error("message_ids is still there beside key_values")
	}
}
