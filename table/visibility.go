package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/zugbot/zugbot/store"
)

// Viewer is who asks to see a game or a tournament, as the door they ask
// through knows them. Every door asks CanView with one before it shows
// anything of a game: Discord with the server it is asked in, the web
// with the player its session names and whether the address held the
// game's public id, the Activity with its server.
type Viewer struct {
	// User is the person asking; "" for a reader the door cannot name (an
	// anonymous reader on the web).
	User string
	// Guild is the server the asker is known to be a member of: on
	// Discord, the server the question is asked in; in the Activity, the
	// server it was launched in. "" in a direct message and on the web.
	Guild string
	// Private says that only the asker reads the answer: an ephemeral
	// reply, a direct message, a page of their own. Otherwise an answer
	// asked in Guild is posted where all its members read it, and shows
	// only that server's games.
	Private bool
	// Link says the asker holds the game's watch link: they addressed it
	// by its public id, which nobody can guess.
	Link bool
}

// The places a game is played in, which decide who may see it.
const (
	placeServer = iota // a server's channel: GuildID set
	placeDM            // a direct message with zugbot: a channel, no server
	placeOff           // off Discord (the web, the terminal): neither
)

// place returns where g is played.
func place(g *store.Game) int {
	switch {
	case g.GuildID != "":
		return placeServer
	case g.ChannelID != "":
		return placeDM
	}
	return placeOff
}

// CanView returns nil if v may see game g, or a refusal (Reason Hidden)
// saying why not. The policy, the same at every door:
//   - A server's game is seen by its members, in that server, and by
//     whoever holds its watch link (its public id), as a lichess game is.
//   - A direct-message game is seen by its players only; its watch link
//     opens nothing for anyone else.
//   - A game played off Discord (started on the web or in the terminal)
//     is seen by its players and by whoever holds its watch link.
//   - A game's players see it wherever only they read the answer: a
//     direct message with zugbot, an ephemeral reply, their own page.
//   - An answer posted in a server (v.Guild set, not Private) is read by
//     all its members, so it shows that server's games only, even when
//     their player asks for another.
//
// A game's sequential number is never enough by itself on the web: its
// pages are addressed by the public id (store.ValidPublicID).
func CanView(v Viewer, g *store.Game) error {
	_, player := g.SideOf(v.User)
	switch {
	case v.Guild != "" && g.GuildID == v.Guild:
		return nil
	case v.Guild != "" && !v.Private:
		// posted for the server's members: its own games only
	case player:
		return nil
	case v.Link && Watchable(g):
		return nil
	}
	switch place(g) {
	case placeDM:
		return refusal(Refusal{Reason: Hidden, Game: g.ID}, "Game #%d is played in a direct message; only its players can see it, in theirs with zugbot.", g.ID)
	case placeOff:
		return refusal(Refusal{Reason: Hidden, Game: g.ID}, "Game #%d is played on the web; only its players can see it here, and others through its link.", g.ID)
	}
	return refusal(Refusal{Reason: Hidden, Game: g.ID}, "Game #%d is played on another server; it can be seen there, or by its players in a direct message with zugbot.", g.ID)
}

// Watchable reports whether g's watch link (its public id) opens it for
// someone who does not play it: false for a direct-message game.
func Watchable(g *store.Game) bool { return place(g) != placeDM }

// Visible returns the games of gs that v may see, in their order.
func Visible(v Viewer, gs []store.Game) []store.Game {
	var out []store.Game
	for i := range gs {
		if CanView(v, &gs[i]) == nil {
			out = append(out, gs[i])
		}
	}
	return out
}

// canViewTournament returns nil if v may see tournament tr, or a refusal
// (Reason Hidden): as a server's game, its server's members and whoever
// holds its link (its public id).
func canViewTournament(v Viewer, tr *store.Tournament) error {
	if v.Guild == tr.GuildID || v.Link && (v.Guild == "" || v.Private) {
		return nil
	}
	return refusal(Refusal{Reason: Hidden, Tournament: tr.ID}, "Tournament #%d is held on another server; it can be seen there.", tr.ID)
}

// View loads game id for v: the game, or a refusal when there is none or
// v may not see it.
func (t *Table) View(ctx context.Context, v Viewer, id int64) (store.State, error) {
	st, err := t.Load(ctx, id)
	if err != nil {
		return st, err
	}
	if err := CanView(v, &st.Game); err != nil {
		return store.State{}, err
	}
	return st, nil
}

// GameID returns the number of the game whose public id is pid, or a
// refusal (NoSuchGame) when none has it: the same refusal whether pid was
// guessed, mistyped or forged. A door that addresses games by their
// public id finds the number with it, then asks View with Link set.
func (t *Table) GameID(ctx context.Context, pid string) (int64, error) {
	id, err := t.store.GameByPublicID(ctx, pid)
	if errors.Is(err, store.ErrNotFound) {
		return 0, refuse(NoSuchGame, "There is no such game.")
	}
	if err != nil {
		return 0, fmt.Errorf("find game %q: %w", pid, err)
	}
	return id, nil
}

// TournamentID returns the number of the tournament whose public id is
// pid, or a refusal (NoSuchGame) as GameID's.
func (t *Table) TournamentID(ctx context.Context, pid string) (int64, error) {
	id, err := t.store.TournamentByPublicID(ctx, pid)
	if errors.Is(err, store.ErrNotFound) {
		return 0, refuse(NoSuchGame, "There is no such tournament.")
	}
	if err != nil {
		return 0, fmt.Errorf("find tournament %q: %w", pid, err)
	}
	return id, nil
}

// ViewTournament loads tournament id for v: the tournament, or a refusal
// when there is none or v may not see it.
func (t *Table) ViewTournament(ctx context.Context, v Viewer, id int64) (store.Tournament, error) {
	tr, err := t.Tournament(ctx, id)
	if err != nil {
		return tr, err
	}
	if err := canViewTournament(v, &tr); err != nil {
		return store.Tournament{}, err
	}
	return tr, nil
}
