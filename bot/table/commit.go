package table

import (
	"context"
	"errors"

	"github.com/pokerroom/pokerroom/bot"
)

// GroupCommit batches the writes of many tables into one transaction: a
// table's actor hands its write over and waits for the batch it joined, so
// the room's throughput is not capped at one transaction per action.
type GroupCommit struct {
	c       bot.Committer
	in      chan *pendingWrite
	metrics *bot.Metrics
	// stopped is closed when run has returned: a write still queued then
	// was never committed.
	stopped chan struct{}
}

type pendingWrite struct {
	w    *bot.TableWrite
	done chan error
}

// maxBatch bounds the writes in one transaction.
const maxBatch = 512

// NewGroupCommit returns the group commit of a room's writes through c;
// Run runs it.
func NewGroupCommit(c bot.Committer, m *bot.Metrics) *GroupCommit {
	return &GroupCommit{c: c, in: make(chan *pendingWrite, maxBatch), metrics: m, stopped: make(chan struct{})}
}

// errStopped answers a write queued when the room stopped: it was not
// committed.
var errStopped = errors.New("the room stopped before the write was committed")

// Commit stores w in the next batch and waits for it. Once queued, the
// write is waited for whatever ctx says (its batch has its own deadline):
// a caller that gave up on a write the batch then commits would reload
// the table before the write lands, and memory would fall behind the
// store.
func (g *GroupCommit) Commit(ctx context.Context, w *bot.TableWrite) error {
	p := &pendingWrite{w: w, done: make(chan error, 1)}
	select {
	case g.in <- p:
	case <-ctx.Done():
		return ctx.Err()
	case <-g.stopped:
		return errStopped
	}
	select {
	case err := <-p.done:
		return err
	case <-g.stopped:
		select {
		case err := <-p.done: // its batch was the last one
			return err
		default:
			return errStopped
		}
	}
}

// Run commits batches until ctx ends: whatever is waiting when the last
// batch finished forms the next one.
func (g *GroupCommit) Run(ctx context.Context) {
	defer close(g.stopped)
	batch := make([]*pendingWrite, 0, maxBatch)
	writes := make([]*bot.TableWrite, 0, maxBatch)
	for {
		batch, writes = batch[:0], writes[:0]
		select {
		case <-ctx.Done():
			return
		case p := <-g.in:
			batch = append(batch, p)
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case p := <-g.in:
				batch = append(batch, p)
			default:
				break fill
			}
		}
		for _, p := range batch {
			writes = append(writes, p.w)
		}
		cctx, cancel := context.WithTimeout(ctx, OpTimeout)
		err := g.c.CommitTables(cctx, writes)
		g.metrics.ObserveBatch(len(batch))
		if err != nil && len(batch) > 1 && refused(err) {
			// One table's bad write must not fail the others: commit
			// each alone to find it. Only a refusal is sure to have
			// rolled back; after any other failure the batch may have
			// been stored (a connection lost at the commit): committing
			// it again would deal a hand twice, so every table reloads
			// what the store holds instead.
			for _, p := range batch {
				p.done <- g.c.CommitTables(cctx, []*bot.TableWrite{p.w})
			}
			cancel()
			continue
		}
		cancel()
		for _, p := range batch {
			p.done <- err
		}
	}
}

// refused reports whether the store refused a write (the transaction
// rolled back for sure) rather than failing in a way that leaves unknown
// whether it was stored.
func refused(err error) bool {
	return errors.Is(err, bot.ErrInsufficientFunds) || errors.Is(err, bot.ErrDuplicate) || errors.Is(err, bot.ErrNotFound)
}
