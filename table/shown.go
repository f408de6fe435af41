package table

import (
	"context"
)

// Where and how far an adapter shows a game, a challenge or a tournament is
// recorded with it, so that a board keeps being edited in place after a
// restart, and a post made once is not made again. An adapter records it
// through these calls, which write nothing else.

// ShowGameAt records where game id's board is shown: the thread ("" when
// none) and the message.
func (t *Table) ShowGameAt(ctx context.Context, id int64, thread, message string) error {
	return t.store.SetMessage(ctx, id, thread, message)
}

// FirstShownAt records where game id's first board is shown, as
// ShowGameAt does, unless the game has a board already (another process
// posted one): it reports whether it did.
func (t *Table) FirstShownAt(ctx context.Context, id int64, thread, message string) (bool, error) {
	return t.store.SetFirstMessage(ctx, id, thread, message)
}

// GameShown records that game id's board shows it at version, so that
// the start-up reconciliation redraws only the boards behind their games
// (see store.StaleBoards).
func (t *Table) GameShown(ctx context.Context, id, version int64) error {
	return t.store.SetDrawn(ctx, id, version)
}

// ClaimTurnPing claims the ping that tells game id's player to move that
// their turn, begun at turnVersion (store.Game.TurnVersion), has come: it
// reports true to the first caller of a turn only, in any process, so
// that each turn is pinged once, whichever adapter or catch-up sees it.
func (t *Table) ClaimTurnPing(ctx context.Context, id, turnVersion int64) (bool, error) {
	return t.store.ClaimTurnPing(ctx, id, turnVersion)
}

// ShowChallengeAt records the message that shows challenge id.
func (t *Table) ShowChallengeAt(ctx context.Context, id int64, message string) error {
	return t.store.SetChallengeMessage(ctx, id, message)
}

// ShowTournamentAt records where tournament id is shown: its thread (""
// to leave it) and its sign-up message ("" to leave it).
func (t *Table) ShowTournamentAt(ctx context.Context, id int64, thread, message string) error {
	return t.store.SetTournamentMessage(ctx, id, thread, message)
}

// RoundAnnounced records that tournament id's round was announced.
func (t *Table) RoundAnnounced(ctx context.Context, id int64, round int) error {
	return t.store.SetAnnounced(ctx, id, round)
}
