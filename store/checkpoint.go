// The SQLite checkpointer: the write-ahead log copied into the database
// file beside the room's writes, not in them.

package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A checkpoint copies the pages the write-ahead log holds into the
// database file and syncs both to disk: on a busy room, tens of them a
// second. Run by the connection that commits (SQLite's automatic
// checkpoint, at the commit that fills wal_autocheckpoint pages), each one
// stalls the commit, and the room's one writer with it, for its copying
// and its two fsyncs (a sixth of the group commit's time in `sim`). The
// checkpointer runs them on a connection of its own instead, a little
// after the transactions of InTx (the room's writes), while the writer
// goes on: SQLite lets a checkpoint and a writer work at once in WAL mode
// (PASSIVE: it never waits for the writer and the writer never waits for
// it). When one has copied the whole log, the writer's next transaction
// starts the log again from its beginning. The writer still checkpoints
// by itself past dburl.SQLiteBackstopPages, so the log stays bounded if
// this one falls behind (a writer that never pauses) or fails.
type checkpointer struct {
	db   *sql.DB
	poke chan struct{}
	stop context.CancelFunc
	done chan struct{}
}

const (
	// checkpointDelay gathers the commits of this long into one
	// checkpoint.
	checkpointDelay = 50 * time.Millisecond
	// checkpointTimeout bounds one checkpoint (PASSIVE waits for no lock;
	// this is for a disk that stops answering).
	checkpointTimeout = 30 * time.Second
)

// startCheckpointer opens the checkpointer's own connection to the SQLite
// database of dsn and starts it.
func startCheckpointer(dsn string) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("checkpoint connection: %w", err)
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	ctx, stop := context.WithCancel(context.Background())
	c := &checkpointer{db: db, poke: make(chan struct{}, 1), stop: stop, done: make(chan struct{})}
	go c.run(ctx)
	return c, nil
}

// written tells the checkpointer that a transaction committed. It never
// blocks.
func (c *checkpointer) written() {
	select {
	case c.poke <- struct{}{}:
	default:
	}
}

func (c *checkpointer) run(ctx context.Context) {
	defer close(c.done)
	t := time.NewTimer(checkpointDelay)
	t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.poke:
		}
		t.Reset(checkpointDelay)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		cctx, cancel := context.WithTimeout(ctx, checkpointTimeout)
		// An error (a disk full, the file gone) is the writer's to meet
		// and report at its next commit; its own checkpoints go on.
		_, _ = c.db.ExecContext(cctx, "PRAGMA wal_checkpoint(PASSIVE)")
		cancel()
	}
}

// close stops the checkpointer and closes its connection.
func (c *checkpointer) close() error {
	c.stop()
	<-c.done
	return c.db.Close()
}
