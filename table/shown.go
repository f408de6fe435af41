package table

import (
	"context"
)

// ClaimTurnPing claims the ping that tells game id's player to move that
// their turn, begun at turnVersion (store.Game.TurnVersion), has come: it
// reports true to the first caller of a turn only, in any process, so
// that each turn is pinged once, whichever adapter or catch-up sees it.
// Where an adapter shows a game is its own bookkeeping, kept through a
// port of its own (bot.Posts), not the service's.
func (t *Table) ClaimTurnPing(ctx context.Context, id, turnVersion int64) (bool, error) {
	return t.store.ClaimTurnPing(ctx, id, turnVersion)
}
