package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/rules"
)

// countedSince counts the games between players a and b that counted for
// rating and ended after since, game skip aside.
func countedSince(ctx context.Context, q querier, a, b string, since time.Time, skip int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM games
		WHERE ((player0 = ?1 AND player1 = ?2) OR (player0 = ?2 AND player1 = ?1))
		AND rated = 1 AND result IN ('win', 'draw') AND ended_at > ?3 AND id <> ?4`,
		a, b, millis(since), skip).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count rated games of %s and %s: %w", a, b, err)
	}
	return n, nil
}

// RatedRecently returns how many games between players a and b counted
// for rating in the last rules.RatedCapWindow. From rules.RatedCap on, their rated
// games are recorded as casual.
func (s *Store) RatedRecently(ctx context.Context, a, b string) (int, error) {
	return countedSince(ctx, s.readers(ctx), a, b, s.now().Add(-rules.RatedCapWindow), 0)
}

const (
	ratingColumns = `SELECT r.player_id, p.name, r.variant, r.rating, r.peak, r.games, r.wins, r.draws, r.losses, r.streak, r.updated_at
`
	ratingSelect = ratingColumns + `FROM ratings r JOIN players p ON p.id = r.player_id
`
)

// scanRating reads a row of ratingSelect.
func scanRating(sc scanner) (Rating, error) {
	var r Rating
	var updated int64
	err := sc.Scan(&r.Player.ID, &r.Player.Name, &r.Variant, &r.Rating, &r.Peak, &r.Games, &r.Wins, &r.Draws, &r.Losses, &r.Streak, &updated)
	r.Updated = time.UnixMilli(updated).UTC()
	return r, err
}

// rating reads a player's rating in a variant; a player who has not played
// it rated has InitialRating.
func rating(ctx context.Context, q querier, p Player, variant string) (Rating, error) {
	r, err := scanRating(q.QueryRowContext(ctx, ratingSelect+`WHERE r.player_id = ? AND r.variant = ?`, p.ID, variant))
	if errors.Is(err, sql.ErrNoRows) {
		return Rating{Player: p, Variant: variant, Rating: rules.InitialRating, Peak: rules.InitialRating}, nil
	}
	if err != nil {
		return Rating{}, fmt.Errorf("rating of %s in %s: %w", p.ID, variant, err)
	}
	return r, nil
}

// Rating returns a player's rating in a variant: InitialRating with no games
// when they have not played it rated.
func (s *Store) Rating(ctx context.Context, player, variant string) (Rating, error) {
	p, err := s.Player(ctx, player)
	if err != nil {
		return Rating{}, err
	}
	return rating(ctx, s.readers(ctx), p, variant)
}

// rate updates the ratings of both players of g, which has just ended with
// a win or a draw, or turns g casual when the farming cap says so.
func (s *Store) rate(ctx context.Context, tx querier, g *Game, now time.Time) error {
	if g.Result != Win && g.Result != Draw {
		return nil
	}
	a, b := g.Seats[0].Player, g.Seats[1].Player
	n, err := countedSince(ctx, tx, a.ID, b.ID, now.Add(-rules.RatedCapWindow), g.ID)
	if err != nil {
		return err
	}
	if n >= rules.RatedCap {
		g.Rated, g.Capped = false, true
		return nil
	}
	var rs [2]Rating
	for i, p := range []Player{a, b} {
		if rs[i], err = rating(ctx, tx, p, g.RatingVariant()); err != nil {
			return err
		}
	}
	score := 0.5
	if g.Result == Win {
		score = float64(1 - g.Winner)
	}
	var after [2]int
	after[0], after[1] = rules.Elo(rules.Player{Rating: rs[0].Rating, Games: rs[0].Games}, rules.Player{Rating: rs[1].Rating, Games: rs[1].Games}, score)
	scores := [2]float64{score, 1 - score}
	g.Changes = g.Changes[:0]
	for i := range rs {
		r := &rs[i]
		g.Changes = append(g.Changes, RatingChange{Side: engine.Side(i), Player: r.Player.ID, Before: r.Rating, After: after[i]})
		r.Rating = after[i]
		r.Peak = max(r.Peak, r.Rating)
		r.Games++
		switch scores[i] {
		case 1:
			r.Wins++
			r.Streak = max(r.Streak, 0) + 1
		case 0:
			r.Losses++
			r.Streak = min(r.Streak, 0) - 1
		default:
			r.Draws++
			r.Streak = 0
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO ratings (player_id, variant, rating, peak, games, wins, draws, losses, streak, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, peak = excluded.peak, games = excluded.games,
				wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, streak = excluded.streak, updated_at = excluded.updated_at`,
			r.Player.ID, g.RatingVariant(), r.Rating, r.Peak, r.Games, r.Wins, r.Draws, r.Losses, r.Streak, millis(now))
		if err != nil {
			return fmt.Errorf("update rating of %s: %w", r.Player.ID, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rating_changes (game_id, side, player_id, before, after) VALUES (?, ?, ?, ?, ?)`,
			g.ID, i, r.Player.ID, g.Changes[i].Before, g.Changes[i].After); err != nil {
			return fmt.Errorf("record rating change of %s: %w", r.Player.ID, err)
		}
	}
	if g.RatingVariant() == g.Variant { // the ratings Game.Ratings holds
		for i, r := range rs {
			g.Ratings[i] = Rating{Player: r.Player, Variant: r.Variant, Rating: r.Rating, Peak: r.Peak, Games: r.Games}
		}
	}
	return nil
}

// smallServer is the number of members up to which a server's leaderboard
// is made from its members rather than from the top of the ratings.
const smallServer = 500

// Leaderboard returns the best rated players of a variant, globally or in
// one server, who have played at least the minimum number of rated games.
// Equal ratings are ordered by games played.
func (s *Store) Leaderboard(ctx context.Context, q LeaderboardQuery) ([]Standing, error) {
	minGames := q.MinGames
	if minGames <= 0 {
		minGames = s.minRated
	}
	query := ratingSelect + `WHERE r.variant = ?1 AND r.games >= ?2`
	args := []any{q.Variant, minGames}
	if q.GuildID != "" {
		args = append(args, q.GuildID)
		// Walk the ratings from the top, keeping the server's members,
		// unless the server is small: then rate its members and sort.
		var members int
		err := s.readers(ctx).QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM members WHERE guild_id = ? LIMIT ?) AS m`,
			q.GuildID, smallServer+1).Scan(&members)
		if err != nil {
			return nil, fmt.Errorf("leaderboard of %s: %w", q.Variant, err)
		}
		if members <= smallServer {
			query = ratingColumns + `FROM members m CROSS JOIN ratings r JOIN players p ON p.id = r.player_id
				WHERE r.player_id = m.player_id AND r.variant = ?1 AND m.guild_id = ?3 AND r.games >= ?2`
		} else {
			query += ` AND EXISTS (SELECT 1 FROM members m WHERE m.guild_id = ?3 AND m.player_id = r.player_id)`
		}
	}
	offset := max(q.Offset, 0)
	query += fmt.Sprintf(` ORDER BY r.rating DESC, r.games DESC, r.player_id LIMIT ?%d OFFSET ?%d`, len(args)+1, len(args)+2)
	args = append(args, limit(q.Limit, 10), offset)
	rows, err := s.readers(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("leaderboard of %s: %w", q.Variant, err)
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, fmt.Errorf("leaderboard of %s: %w", q.Variant, err)
		}
		out = append(out, Standing{Rank: offset + len(out) + 1, Rating: r})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard of %s: %w", q.Variant, err)
	}
	return out, nil
}

// record counts the finished games of player a (against b when b is not
// empty), in one variant when variant is not empty.
func record(ctx context.Context, q querier, a, b, variant string) (all, rated Record, err error) {
	query := `SELECT
		count(*) FILTER (WHERE won), count(*) FILTER (WHERE result = 'draw'), count(*) FILTER (WHERE result = 'win' AND NOT won),
		count(*) FILTER (WHERE won AND rated = 1), count(*) FILTER (WHERE result = 'draw' AND rated = 1),
		count(*) FILTER (WHERE result = 'win' AND NOT won AND rated = 1)
	FROM (SELECT result, rated, result = 'win' AND ((winner = 0 AND coalesce(player0, '') = ?1) OR (winner = 1 AND coalesce(player1, '') = ?1)) AS won
		FROM games WHERE result IN ('win', 'draw')`
	args := []any{a}
	if b == "" {
		query += ` AND (player0 = ?1 OR player1 = ?1)`
	} else {
		args = append(args, b)
		query += ` AND ((player0 = ?1 AND player1 = ?2) OR (player0 = ?2 AND player1 = ?1))`
	}
	if variant != "" {
		args = append(args, variant)
		query += ` AND variant = ?` + strconv.Itoa(len(args))
	}
	err = q.QueryRowContext(ctx, query+`) AS g`, args...).Scan(
		&all.Wins, &all.Draws, &all.Losses, &rated.Wins, &rated.Draws, &rated.Losses)
	if err != nil {
		return Record{}, Record{}, fmt.Errorf("record of %s: %w", a, err)
	}
	return all, rated, nil
}

// Profile returns what the bot shows about a player, with their recent
// latest finished games (10 when recent is zero, at most 100).
func (s *Store) Profile(ctx context.Context, player string, recent int) (Profile, error) {
	var pr Profile
	err := s.read(ctx, func(tx querier) error {
		err := tx.QueryRowContext(ctx, `SELECT id, name FROM players WHERE id = ?`, player).Scan(&pr.Player.ID, &pr.Player.Name)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("player %s: %w", player, ErrNotFound)
		}
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, ratingSelect+`WHERE r.player_id = ? ORDER BY r.games DESC, r.variant`, player)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scanRating(rows)
			if err != nil {
				return err
			}
			pr.Ratings = append(pr.Ratings, r)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if pr.Record, _, err = record(ctx, tx, player, "", ""); err != nil {
			return err
		}
		if pr.Active, err = activeCount(ctx, tx, player); err != nil {
			return err
		}
		pr.Recent, err = s.games(ctx, tx, gameSelect+`WHERE (g.player0 = ?1 OR g.player1 = ?1) AND g.result <> ''
			ORDER BY g.ended_at DESC, g.id DESC LIMIT ?2`, player, limit(recent, 10))
		return err
	})
	if err != nil {
		return Profile{}, fmt.Errorf("profile: %w", err)
	}
	return pr, nil
}

// HeadToHead returns the record between players a and b, from a's point of
// view, in one variant or all when variant is empty, with their recent latest
// finished games (10 when recent is zero, at most 100).
func (s *Store) HeadToHead(ctx context.Context, a, b, variant string, recent int) (HeadToHead, error) {
	var h HeadToHead
	err := s.read(ctx, func(tx querier) error {
		var err error
		if h.Record, h.Rated, err = record(ctx, tx, a, b, variant); err != nil {
			return err
		}
		h.Recent, err = s.games(ctx, tx, gameSelect+`WHERE ((g.player0 = ?1 AND g.player1 = ?2) OR (g.player0 = ?2 AND g.player1 = ?1))
			AND g.result <> '' AND (?3 = '' OR g.variant = ?3)
			ORDER BY g.ended_at DESC, g.id DESC LIMIT ?4`, a, b, variant, limit(recent, 10))
		return err
	})
	if err != nil {
		return HeadToHead{}, fmt.Errorf("head to head of %s and %s: %w", a, b, err)
	}
	return h, nil
}
