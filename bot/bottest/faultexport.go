package bottest

import (
	"context"

	"github.com/pokerroom/pokerroom/bot"
)

// PlayerHands fails in an outage, like every read.
func (f *FaultStore) PlayerHands(ctx context.Context, q bot.PlayerHandsQuery, fn func(bot.ExportedHand) error) (bool, error) {
	if err := f.fail("PlayerHands"); err != nil {
		return false, err
	}
	return f.Storage.PlayerHands(ctx, q, fn)
}
