package table

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/zugbot/zugbot/store"
)

// PageID returns the public id of the page of kind about subject (a
// player's, a server's leaderboards, an invitation's): drawn the first
// time, the same ever after.
func (t *Table) PageID(ctx context.Context, kind store.PageKind, subject string) (string, error) {
	return t.store.PageID(ctx, kind, subject)
}

// pageSubject returns the subject of the page of kind whose public id is
// pid, or a refusal (NoSuchGame) the same whether pid was guessed,
// mistyped or forged.
func (t *Table) pageSubject(ctx context.Context, kind store.PageKind, pid, what string) (string, error) {
	sub, err := t.store.PageSubject(ctx, kind, pid)
	if errors.Is(err, store.ErrNotFound) {
		return "", refuse(NoSuchGame, "There is no such %s.", what)
	}
	return sub, err
}

// PlayerPage is what a player's page shows its reader.
type PlayerPage struct {
	Profile store.Profile
	History []store.RatingPoint
	// Playing are the games the player plays now that the reader may see.
	Playing []store.Game
}

// PlayerByLink returns the page of the player whose page's public id is
// pid, as v sees it. Holding the page's link is not holding its games'
// watch links: /profile posted in one server links it, and a server's
// games are for its members and whoever holds their own links (CanView).
// So the page lists the player's games played off Discord, whose pages
// are the web's own, and the others only as v may see them (their own
// games, to a player signed in). Ratings are shown whole, as Discord's
// /profile shows them.
func (t *Table) PlayerByLink(ctx context.Context, v Viewer, pid string) (PlayerPage, error) {
	player, err := t.pageSubject(ctx, store.PlayerPage, pid, "player")
	if err != nil {
		return PlayerPage{}, err
	}
	pr, err := t.store.Profile(ctx, player, 20)
	if errors.Is(err, store.ErrNotFound) {
		return PlayerPage{}, refuse(NoSuchGame, "There is no such player.")
	}
	if err != nil {
		return PlayerPage{}, err
	}
	pr.Recent = onPlayerPage(v, pr.Recent)
	out := PlayerPage{Profile: pr}
	if out.History, err = t.store.RatingHistory(ctx, player); err != nil {
		return PlayerPage{}, err
	}
	playing, err := t.store.Games(ctx, store.GameQuery{Player: player, Status: store.Active, Limit: 20})
	if err != nil {
		return PlayerPage{}, err
	}
	out.Playing = onPlayerPage(v, playing)
	return out, nil
}

// onPlayerPage returns the games of gs a player's page shows v: those
// played off Discord, and those v may see (see PlayerByLink).
func onPlayerPage(v Viewer, gs []store.Game) []store.Game {
	var out []store.Game
	for i := range gs {
		if place(&gs[i]) == placeOff || CanView(v, &gs[i]) == nil {
			out = append(out, gs[i])
		}
	}
	return out
}

// Playing returns the games player plays now, the latest changed first:
// their own list, so every game of theirs is in it.
func (t *Table) Playing(ctx context.Context, player string) ([]store.Game, error) {
	gs, err := t.store.Games(ctx, store.GameQuery{Player: player, Status: store.Active, Limit: 50})
	return Visible(Viewer{User: player, Private: true}, gs), err
}

// ServerByLink returns the server whose leaderboards' public id is pid:
// whoever holds that link may read them, as the server's members may on
// Discord. Refused (NoSuchGame) for any other id.
func (t *Table) ServerByLink(ctx context.Context, pid string) (string, error) {
	return t.pageSubject(ctx, store.ServerPage, pid, "leaderboard")
}

// Leaderboard returns the best rated players of variant (its key, as
// store.Rating.Variant) among guild's members, or everyone's when guild is
// empty: what /leaderboard shows. Its rows are players with MinRatedGames
// rated games at least.
func (t *Table) Leaderboard(ctx context.Context, guild, variant string, n int) ([]store.Standing, error) {
	return t.store.Leaderboard(ctx, store.LeaderboardQuery{Variant: variant, GuildID: guild, Limit: n})
}

// MinRatedGames is the number of rated games a player needs to be on a
// leaderboard.
func (t *Table) MinRatedGames() int { return t.store.MinRatedGames() }

// ListGame lists game id, played off Discord, on the web's home page for
// anyone to watch: its player gives its watch link to all. A game of a
// server or of a direct message is refused.
func (t *Table) ListGame(ctx context.Context, id int64) error {
	err := t.store.ListGame(ctx, id)
	if errors.Is(err, store.ErrInvalid) {
		return refuse(Invalid, "Only a game played on the web can be listed for anyone to watch.")
	}
	return err
}

// ListedGames returns the listed games going on (see ListGame).
func (t *Table) ListedGames(ctx context.Context, n int) ([]store.Game, error) {
	return t.store.ListedGames(ctx, n)
}

// Invite records an invitation to play: an open challenge made off
// Discord (no server, no channel), which whoever holds its link may
// accept (AcceptChallenge). It returns the challenge and its link's
// public id.
func (t *Table) Invite(ctx context.Context, nc store.NewChallenge) (store.Challenge, string, error) {
	if nc.GuildID != "" || nc.ChannelID != "" || nc.Opponent.ID != "" {
		return store.Challenge{}, "", errors.New("an invitation is an open challenge made off Discord")
	}
	c, err := t.Challenge(ctx, nc, false)
	if err != nil {
		return c, "", err
	}
	pid, err := t.store.PageID(ctx, store.InvitePage, strconv.FormatInt(c.ID, 10))
	if err != nil {
		return c, "", fmt.Errorf("the link of challenge %d: %w", c.ID, err)
	}
	return c, pid, nil
}

// InviteByLink returns the invitation whose link's public id is pid, or a
// refusal (NoChallenge) for any other id.
func (t *Table) InviteByLink(ctx context.Context, pid string) (store.Challenge, error) {
	sub, err := t.store.PageSubject(ctx, store.InvitePage, pid)
	if errors.Is(err, store.ErrNotFound) {
		return store.Challenge{}, refuse(NoChallenge, "There is no such invitation.")
	}
	if err != nil {
		return store.Challenge{}, err
	}
	id, err := strconv.ParseInt(sub, 10, 64)
	if err != nil {
		return store.Challenge{}, fmt.Errorf("invitation %s: challenge %q: %w", pid, sub, err)
	}
	return t.challenge(ctx, id)
}

// Finished returns the latest n games player finished, newest first: their
// own list, so every game of theirs is in it.
func (t *Table) Finished(ctx context.Context, player string, n int) ([]store.Game, error) {
	return t.store.Games(ctx, store.GameQuery{Player: player, Status: store.Finished, Limit: n})
}
