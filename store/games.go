package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/rules"
)

// AnyPly, given as the expected ply, skips the version check: for an admin
// abort or a resignation, which stand whatever the position.
const AnyPly = -1

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

const gameSelect = `SELECT g.id, g.public_id, g.variant, g.start,
	coalesce(g.player0, ''), coalesce(p0.name, ''), g.ai0,
	coalesce(g.player1, ''), coalesce(p1.name, ''), g.ai1,
	g.guild_id, g.channel_id,
	g.rated, g.capped, g.days_per_move, g.deadline, g.ply, g.version, g.turn_version,
	g.result, coalesce(g.winner, 0), g.reason, g.ended_by,
	g.offer_kind, g.offer_by, g.offer_ply, g.offer_undo,
	coalesce(g.rematch_of, 0), g.created_at, g.updated_at, g.ended_at, g.hints,
	g.clock_ms, g.increment_ms, g.left0_ms, g.left1_ms, g.clock_side, g.clock_at,
	c0.before, c0.after, c1.before, c1.after,
	coalesce(tg.tournament_id, 0), coalesce(tg.round, 0),
	r0.rating, r0.peak, coalesce(r0.games, 0), r1.rating, r1.peak, coalesce(r1.games, 0)
FROM games g
LEFT JOIN players p0 ON p0.id = g.player0
LEFT JOIN players p1 ON p1.id = g.player1
LEFT JOIN rating_changes c0 ON c0.game_id = g.id AND c0.side = 0
LEFT JOIN rating_changes c1 ON c1.game_id = g.id AND c1.side = 1
LEFT JOIN tournament_games tg ON tg.game_id = g.id
LEFT JOIN ratings r0 ON r0.player_id = g.player0 AND r0.variant = g.variant
LEFT JOIN ratings r1 ON r1.player_id = g.player1 AND r1.variant = g.variant
`

// scanGame reads a row of gameSelect.
func scanGame(sc scanner) (Game, error) {
	var (
		g                Game
		result, offer    string
		reason           string
		winner, offerBy  int
		deadline, ended  sql.NullInt64
		created, updated int64
		before0, after0  sql.NullInt64
		before1, after1  sql.NullInt64
		player0, player1 string
		name0, name1     string
		ai0, ai1         int
		base, inc        int64
		left0, left1     int64
		clockSide        int
		clockAt          int64
		rating, peak     [2]sql.NullInt64
		rated            [2]int
	)
	err := sc.Scan(&g.ID, &g.PublicID, &g.Variant, &g.Start,
		&player0, &name0, &ai0,
		&player1, &name1, &ai1,
		&g.GuildID, &g.ChannelID,
		&g.Rated, &g.Capped, &g.DaysPerMove, &deadline, &g.Ply, &g.Version, &g.TurnVersion,
		&result, &winner, &reason, &g.EndedBy,
		&offer, &offerBy, &g.Offer.Ply, &g.Offer.Undo,
		&g.RematchOf, &created, &updated, &ended, &g.Hints,
		&base, &inc, &left0, &left1, &clockSide, &clockAt,
		&before0, &after0, &before1, &after1,
		&g.Tournament, &g.Round,
		&rating[0], &peak[0], &rated[0], &rating[1], &peak[1], &rated[1])
	if err != nil {
		return Game{}, err
	}
	g.Seats[0] = Seat{Player: Player{ID: player0, Name: name0}, AI: ai0}
	g.Seats[1] = Seat{Player: Player{ID: player1, Name: name1}, AI: ai1}
	for i, s := range g.Seats {
		if s.IsAI() || s.ID == "" {
			continue
		}
		g.Ratings[i] = Rating{Player: s.Player, Variant: g.Variant, Rating: rules.InitialRating, Peak: rules.InitialRating, Games: rated[i]}
		if rating[i].Valid {
			g.Ratings[i].Rating, g.Ratings[i].Peak = int(rating[i].Int64), int(peak[i].Int64)
		}
	}
	g.Deadline = fromMillis(deadline)
	g.Result = Result(index(resultNames[:], result))
	g.Winner = engine.Side(winner)
	g.Reason, g.Rule = parseCaption(reason)
	g.Offer.Kind = OfferKind(index(offerNames[:], offer))
	g.Offer.By = engine.Side(offerBy)
	if g.Offer.Kind == NoOffer {
		// A closed offer leaves its other columns behind; the game has none.
		g.Offer = Offer{}
	}
	g.Clock = Clock{Base: time.Duration(base) * time.Millisecond, Increment: time.Duration(inc) * time.Millisecond}
	g.Left = [2]time.Duration{time.Duration(left0) * time.Millisecond, time.Duration(left1) * time.Millisecond}
	g.ClockSide = engine.Side(clockSide)
	if clockAt != 0 {
		g.ClockAt = time.UnixMilli(clockAt).UTC()
	}
	g.Created = time.UnixMilli(created).UTC()
	g.Updated = time.UnixMilli(updated).UTC()
	g.Ended = fromMillis(ended)
	if before0.Valid && before1.Valid {
		g.Changes = []RatingChange{
			{Side: 0, Player: player0, Before: int(before0.Int64), After: int(after0.Int64)},
			{Side: 1, Player: player1, Before: int(before1.Int64), After: int(after1.Int64)},
		}
	}
	return g, nil
}

// index returns the index of s in names; the schema's CHECK constraints
// keep it there, so a miss (0) cannot happen.
func index(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return 0
}

// game reads game id through q.
func game(ctx context.Context, q querier, id int64) (Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, gameSelect+`WHERE g.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Game{}, fmt.Errorf("game %d: %w", id, err)
	}
	return g, nil
}

// Game returns game id, without its moves.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	return game(ctx, s.readers(ctx), id)
}

// Moves returns the moves of game id in order.
func (s *Store) Moves(ctx context.Context, id int64) ([]Move, error) {
	var ms []Move
	err := s.read(ctx, func(tx querier) error {
		if _, err := game(ctx, tx, id); err != nil {
			return err
		}
		var err error
		ms, err = moves(ctx, tx, id)
		return err
	})
	return ms, err
}

// moves reads the moves of game id.
func moves(ctx context.Context, q querier, id int64) ([]Move, error) {
	rows, err := q.QueryContext(ctx, `SELECT ply, notation, played_at FROM moves WHERE game_id = ? ORDER BY ply`, id)
	if err != nil {
		return nil, fmt.Errorf("moves of game %d: %w", id, err)
	}
	defer rows.Close()
	var ms []Move
	for rows.Next() {
		var m Move
		var at int64
		if err := rows.Scan(&m.Ply, &m.Notation, &at); err != nil {
			return nil, fmt.Errorf("moves of game %d: %w", id, err)
		}
		m.At = time.UnixMilli(at).UTC()
		ms = append(ms, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("moves of game %d: %w", id, err)
	}
	return ms, nil
}

// Load returns game id with its moves and the position they lead to, read
// from one snapshot of the database. The game's variant must be one of
// Options.Variants. The positions of the games loaded last are kept, so
// that a load replays only the moves played since, once the moves before
// are checked to be those the kept position was reached by.
func (s *Store) Load(ctx context.Context, id int64) (State, error) {
	var st State
	err := s.read(ctx, func(tx querier) error {
		var err error
		if st.Game, err = game(ctx, tx, id); err != nil {
			return err
		}
		st.Moves, err = moves(ctx, tx, id)
		return err
	})
	if err != nil {
		return State{}, err
	}
	v, err := s.variant(st.Game.Variant)
	if err != nil {
		return State{}, fmt.Errorf("load game %d: %w", id, err)
	}
	if st.Position, err = s.replays.position(id, v, st.Game.Start, st.Moves); err != nil {
		return State{}, fmt.Errorf("load game %d: %w", id, err)
	}
	return st, nil
}

// checkText refuses text a database may not hold as it is: invalid UTF-8,
// or a NUL character (PostgreSQL refuses both). Discord sends neither.
func checkText(texts ...string) error {
	for _, t := range texts {
		if !utf8.ValidString(t) || strings.ContainsRune(t, 0) {
			return fmt.Errorf("%w: %.40q is not valid text", ErrInvalid, t)
		}
	}
	return nil
}

// upsertPlayer records a person and their name as last seen; an empty name
// leaves a known one alone.
func upsertPlayer(ctx context.Context, tx querier, p Player, now time.Time) error {
	if p.ID == "" {
		return fmt.Errorf("%w: a player without an id", ErrInvalid)
	}
	if err := checkText(p.ID, p.Name); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO players (id, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
		ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
		WHERE excluded.name <> '' AND excluded.name <> players.name`, p.ID, p.Name, millis(now))
	if err != nil {
		return fmt.Errorf("record player %s: %w", p.ID, err)
	}
	return nil
}

// SeePlayer records a person's display name as last seen.
func (s *Store) SeePlayer(ctx context.Context, p Player) error {
	return s.write(ctx, func(tx querier) error { return upsertPlayer(ctx, tx, p, s.now()) })
}

// Player returns the person with the given user id.
func (s *Store) Player(ctx context.Context, id string) (Player, error) {
	p := Player{ID: id}
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT name FROM players WHERE id = ?`, id).Scan(&p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("player %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Player{}, fmt.Errorf("player %s: %w", id, err)
	}
	return p, nil
}

// CreateGame starts a game. Names in the seats update the players' names. A
// game with the AI cannot be rated; a player at the limit of active games
// gets ErrTooManyGames.
func (s *Store) CreateGame(ctx context.Context, ng NewGame) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		id, err := s.createGame(ctx, tx, ng, s.now())
		if err != nil {
			return err
		}
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.Started)
	})
	if err != nil {
		return Game{}, fmt.Errorf("create game: %w", err)
	}
	return g, nil
}

// createGame checks and inserts a new game and returns its id.
func (s *Store) createGame(ctx context.Context, tx querier, ng NewGame, now time.Time) (int64, error) {
	if err := s.checkVariant(ng.Variant, ng.Start); err != nil {
		return 0, err
	}
	if err := checkText(ng.GuildID, ng.ChannelID); err != nil {
		return 0, err
	}
	rg := rules.NewGame{Rated: ng.Rated, DaysPerMove: ng.DaysPerMove, Clock: ng.Clock}
	for i, seat := range ng.Seats {
		rg.Seats[i] = rules.Seat{Player: seat.ID, AI: seat.AI}
	}
	if err := rg.Check(); err != nil {
		return 0, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	var players [2]sql.NullString
	for i, seat := range ng.Seats {
		if seat.IsAI() {
			continue
		}
		if err := upsertPlayer(ctx, tx, seat.Player, now); err != nil {
			return 0, err
		}
		if !ng.unlimited {
			if err := s.checkActive(ctx, tx, seat.ID); err != nil {
				return 0, err
			}
		}
		players[i] = sql.NullString{String: seat.ID, Valid: true}
	}
	var rematch sql.NullInt64
	if ng.RematchOf != 0 {
		if _, err := game(ctx, tx, ng.RematchOf); err != nil {
			return 0, fmt.Errorf("rematch: %w", err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE rematch_of = ?`, ng.RematchOf).Scan(&n); err != nil {
			return 0, err
		}
		if n > 0 {
			return 0, fmt.Errorf("game %d: %w", ng.RematchOf, ErrRematchExists)
		}
		rematch = sql.NullInt64{Int64: ng.RematchOf, Valid: true}
	}
	deadline := rules.Deadline(ng.DaysPerMove, now)
	if ng.Clock.Live() {
		deadline = now.Add(ng.Clock.Base)
	}
	base, inc := ng.Clock.Base.Milliseconds(), ng.Clock.Increment.Milliseconds()
	// The clock of the side to move at the start runs first.
	var clockAt int64
	var first engine.Side
	if ng.Clock.Live() {
		clockAt = millis(now)
		if v, ok := s.variants[ng.Variant]; ok {
			p, err := Replay(v, ng.Start, nil)
			if err != nil {
				return 0, err
			}
			first = p.Turn()
		}
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO games (public_id, variant, start, player0, ai0, player1, ai1,
			guild_id, channel_id, rated, days_per_move, deadline, rematch_of, created_at, updated_at,
			clock_ms, increment_ms, left0_ms, left1_ms, clock_side, clock_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		newPublicID(), ng.Variant, ng.Start, players[0], ng.Seats[0].AI, players[1], ng.Seats[1].AI,
		ng.GuildID, ng.ChannelID, ng.Rated, ng.DaysPerMove, nullMillis(deadline), rematch,
		millis(now), millis(now), base, inc, base, base, first, clockAt).Scan(&id)
	if err != nil {
		return 0, err
	}
	if ng.GuildID != "" {
		for _, p := range players {
			if !p.Valid {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO members (guild_id, player_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, ng.GuildID, p); err != nil {
				return 0, err
			}
		}
	}
	if err := s.schedule(ctx, tx, &Game{ID: id, Variant: ng.Variant, Start: ng.Start, Seats: ng.Seats, DaysPerMove: ng.DaysPerMove, Deadline: deadline}); err != nil {
		return 0, err
	}
	return id, nil
}

// checkActive returns ErrTooManyGames if the player is at the limit of
// active games.
func (s *Store) checkActive(ctx context.Context, q querier, player string) error {
	if s.maxGames < 0 {
		return nil
	}
	n, err := activeCount(ctx, q, player)
	if err != nil {
		return err
	}
	if !rules.HasRoom(n, s.maxGames) {
		return fmt.Errorf("%w: %s already plays %d games (at most %d)", ErrTooManyGames, player, n, s.maxGames)
	}
	return nil
}

func activeCount(ctx context.Context, q querier, player string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE result = '' AND (player0 = ?1 OR player1 = ?1)`, player).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count active games of %s: %w", player, err)
	}
	return n, nil
}

// ActiveCount returns the number of games the player has going.
func (s *Store) ActiveCount(ctx context.Context, player string) (int, error) {
	return activeCount(ctx, s.readers(ctx), player)
}

// schedule sets the timers of game g at its ply: its move deadline and
// reminder (removed when the deadline is zero), and its Reply timer when
// the AI is to move. The rows are updated in place; a task read before is
// told from them by its ply and due time (see Done).
func (s *Store) schedule(ctx context.Context, tx querier, g *Game) error {
	if err := s.setDeadline(ctx, tx, g.ID, g.Ply, g.DaysPerMove, g.Deadline); err != nil {
		return err
	}
	return s.scheduleReply(ctx, tx, g)
}

// aiToMove reports whether the AI is to move in game g at its ply; false
// in a game between people, or of a variant the store does not know.
func (s *Store) aiToMove(g *Game) (bool, error) {
	v, known := s.variants[g.Variant]
	if !g.Seats[0].IsAI() && !g.Seats[1].IsAI() || !known {
		return false, nil
	}
	p, err := Replay(v, g.Start, nil)
	if err != nil {
		return false, err
	}
	toMove := p.Turn() // every ply hands the turn over, a pass too
	if g.Ply%2 == 1 {
		toMove = toMove.Other()
	}
	return g.Seats[toMove].IsAI(), nil
}

// scheduleReply sets game g's Reply timer, ReplyGrace from now, with the
// cause ctx carries (WithCause), when the AI is to move at its ply, and
// removes it otherwise. Games between people have none.
func (s *Store) scheduleReply(ctx context.Context, tx querier, g *Game) error {
	if _, known := s.variants[g.Variant]; !g.Seats[0].IsAI() && !g.Seats[1].IsAI() || !known {
		return nil
	}
	ai, err := s.aiToMove(g)
	if err != nil {
		return err
	}
	id, ply := g.ID, g.Ply
	if !ai {
		_, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE game_id = ? AND kind = 'reply'`, id)
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO schedule (kind, game_id, ply, due, cause) VALUES ('reply', ?1, ?2, ?3, ?4)
		ON CONFLICT (game_id, kind) WHERE game_id IS NOT NULL DO UPDATE SET ply = excluded.ply, due = excluded.due, lease_until = 0, attempts = 0, cause = excluded.cause`,
		id, ply, millis(s.now().Add(ReplyGrace)), CauseOf(ctx))
	if err != nil {
		return fmt.Errorf("set the reply timer of game %d: %w", id, err)
	}
	return nil
}

// setDeadline sets the move deadline and reminder of game id, at ply, or
// removes them when deadline is zero.
func (s *Store) setDeadline(ctx context.Context, tx querier, id int64, ply, days int, deadline time.Time) error {
	if deadline.IsZero() {
		if _, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE game_id = ? AND kind IN ('deadline', 'reminder')`, id); err != nil {
			return fmt.Errorf("clear timers of game %d: %w", id, err)
		}
		return nil
	}
	if days == 0 { // a live game: its clock, no reminder
		_, err := tx.ExecContext(ctx, `INSERT INTO schedule (kind, game_id, ply, due) VALUES ('deadline', ?1, ?2, ?3)
			ON CONFLICT (game_id, kind) WHERE game_id IS NOT NULL DO UPDATE SET ply = excluded.ply, due = excluded.due, lease_until = 0`,
			id, ply, millis(deadline))
		if err != nil {
			return fmt.Errorf("set the clock of game %d: %w", id, err)
		}
		return nil
	}
	remind := rules.Reminder(days, deadline)
	_, err := tx.ExecContext(ctx, `INSERT INTO schedule (kind, game_id, ply, due) VALUES ('deadline', ?1, ?2, ?3), ('reminder', ?1, ?2, ?4)
		ON CONFLICT (game_id, kind) WHERE game_id IS NOT NULL DO UPDATE SET ply = excluded.ply, due = excluded.due, lease_until = 0`,
		id, ply, millis(deadline), millis(remind))
	if err != nil {
		return fmt.Errorf("set timers of game %d: %w", id, err)
	}
	return nil
}

// check returns ErrGameOver if g has ended and ErrStalePly if its ply is
// not ply (unless ply is AnyPly).
func (g *Game) check(ply int) error {
	if g.Over() {
		return fmt.Errorf("game %d: %w", g.ID, ErrGameOver)
	}
	if ply != AnyPly && ply != g.Ply {
		return fmt.Errorf("game %d is at ply %d, not %d: %w", g.ID, g.Ply, ply, ErrStalePly)
	}
	return nil
}

// RecordMove records a move of game id, which must be at ply: a stale or
// duplicate move gets ErrStalePly and changes nothing. It clears any
// pending offer and restarts the move clock. When end is not Ongoing the
// move ends the game, in the same transaction (see Finish).
func (s *Store) RecordMove(ctx context.Context, id int64, ply int, notation string, end End) (Game, error) {
	return s.recordMove(ctx, id, ply, 0, notation, end)
}

// RecordMoveSeen is RecordMove on game seen as its caller loaded it: the
// move is refused as stale (ErrStalePly) if the turn has begun again since
// (seen.TurnVersion), even at the same ply, as after a takeback and
// another move; an offer made meanwhile begins no turn.
func (s *Store) RecordMoveSeen(ctx context.Context, seen *Game, notation string, end End) (Game, error) {
	return s.recordMove(ctx, seen.ID, seen.Ply, seen.TurnVersion, notation, end)
}

// recordMove is RecordMove, which checks the turn's version as well when
// turn is not 0.
func (s *Store) recordMove(ctx context.Context, id int64, ply int, turn int64, notation string, end End) (Game, error) {
	if ply < 0 {
		return Game{}, fmt.Errorf("record move in game %d: %w: ply %d", id, ErrInvalid, ply)
	}
	if notation == "" {
		return Game{}, fmt.Errorf("record move in game %d: %w: no notation", id, ErrInvalid)
	}
	if err := checkText(notation); err != nil {
		return Game{}, fmt.Errorf("record move in game %d: %w", id, err)
	}
	var g Game
	err := s.write(ctx, func(tx querier) error {
		now := s.now()
		var err error
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if err := g.check(ply); err != nil {
			return err
		}
		if turn != 0 && g.TurnVersion != turn {
			return fmt.Errorf("game %d: its turn began again at version %d, after %d: %w", id, g.TurnVersion, turn, ErrStalePly)
		}
		ctx := ctx
		if ai, err := s.aiToMove(&g); err != nil {
			return err
		} else if ai {
			// The AI's move answers its Reply timer: it is recorded, and
			// published, under the cause that the timer keeps, and so is
			// the AI's next Reply timer, if it is to move again.
			cause, err := replyCause(ctx, tx, id, ply)
			if err != nil {
				return err
			}
			ctx = WithCause(ctx, cause)
			tx.(*txn).cause = cause
		}
		if g.Clock.Live() {
			// The mover's clock stops, less the time it ran, plus the
			// increment; the opponent's starts.
			side := g.ClockSide
			left, ok := g.Clock.AfterMove(g.TimeLeft(side, now))
			if !ok {
				return fmt.Errorf("game %d: %w", id, ErrFlagFell)
			}
			g.Left[side] = left
			g.ClockSide, g.ClockAt = side.Other(), stamp(now)
		}
		g.Ply++
		g.Offer = Offer{}
		g.Deadline = rules.Deadline(g.DaysPerMove, now)
		if g.Clock.Live() {
			g.Deadline = now.Add(g.Left[g.ClockSide])
		}
		g.Updated = stamp(now)
		// The game's row first: a concurrent move waits for it, and on
		// PostgreSQL is then refused as a clash and runs again (and finds
		// the ply moved on), rather than failing on the move's key.
		if _, err := tx.ExecContext(ctx, `UPDATE games SET ply = ?, offer_kind = '', deadline = ?, updated_at = ?,
				left0_ms = ?, left1_ms = ?, clock_side = ?, clock_at = ? WHERE id = ?`,
			g.Ply, nullMillis(g.Deadline), millis(now), g.Left[0].Milliseconds(), g.Left[1].Milliseconds(), g.ClockSide, millis(g.ClockAt), id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, ply, notation, played_at) VALUES (?, ?, ?, ?)`,
			id, ply, notation, millis(now)); err != nil {
			return err
		}
		if end.Result != Ongoing {
			err = s.finish(ctx, tx, &g, end, now)
		} else {
			err = s.schedule(ctx, tx, &g)
		}
		if err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.Moved)
	})
	if err != nil {
		return Game{}, fmt.Errorf("record move %q: %w", notation, err)
	}
	return g, nil
}

// Finish ends game id, which must be at ply (or give AnyPly), with the
// given result. A rated game that is won or drawn updates both players'
// ratings in the same transaction, unless the two have already played
// RatedCap games that counted in the last RatedCapWindow: then it is recorded
// as casual (Capped). An aborted game is never rated.
func (s *Store) Finish(ctx context.Context, id int64, ply int, end End) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		var err error
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if err := g.check(ply); err != nil {
			return err
		}
		if err := s.finish(ctx, tx, &g, end, s.now()); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, endKind(end))
	})
	if err != nil {
		return Game{}, fmt.Errorf("finish: %w", err)
	}
	return g, nil
}

// finish ends g in tx and updates g to match.
func (s *Store) finish(ctx context.Context, tx querier, g *Game, end End, now time.Time) error {
	switch {
	case end.Result != Win && end.Result != Draw && end.Result != Aborted:
		return fmt.Errorf("%w: end game %d with result %v", ErrInvalid, g.ID, end.Result)
	case end.Result == Win && end.Winner > 1:
		return fmt.Errorf("%w: end game %d with winner %d", ErrInvalid, g.ID, end.Winner)
	}
	if g.Clock.Live() {
		// The running clock stops, with what it had left (none after a
		// time-out).
		g.Left[g.ClockSide] = g.TimeLeft(g.ClockSide, now)
		g.ClockAt = stamp(now)
		if _, err := tx.ExecContext(ctx, `UPDATE games SET left0_ms = ?, left1_ms = ?, clock_at = ? WHERE id = ?`,
			g.Left[0].Milliseconds(), g.Left[1].Milliseconds(), millis(now), g.ID); err != nil {
			return fmt.Errorf("stop the clock of game %d: %w", g.ID, err)
		}
	}
	g.Result, g.Reason, g.Rule, g.EndedBy = end.Result, end.Reason, end.Rule, end.By
	g.Winner = 0
	var winner sql.NullInt64
	if end.Result == Win {
		g.Winner = end.Winner
		winner = sql.NullInt64{Int64: int64(end.Winner), Valid: true}
	}
	g.Offer, g.Deadline = Offer{}, time.Time{}
	g.Ended = stamp(now)
	g.Updated = g.Ended
	if end.Result == Aborted {
		g.Rated = false
	}
	if g.Rated {
		if err := s.rate(ctx, tx, g, now); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `UPDATE games SET result = ?, winner = ?, reason = ?, ended_by = ?, rated = ?, capped = ?,
			offer_kind = '', deadline = NULL, ended_at = ?, updated_at = ? WHERE id = ?`,
		end.Result.String(), winner, caption(end.Reason, end.Rule), end.By, g.Rated, g.Capped, millis(now), millis(now), g.ID)
	if err != nil {
		return fmt.Errorf("end game %d: %w", g.ID, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE game_id = ?`, g.ID); err != nil {
		return fmt.Errorf("clear timers of game %d: %w", g.ID, err)
	}
	return scoreTournamentGame(ctx, tx, g, now)
}

// Takeback removes the last undo moves of game id, which must be at ply,
// and restarts the move clock. Only casual games allow takebacks.
func (s *Store) Takeback(ctx context.Context, id int64, ply, undo int) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		var err error
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if err := g.check(ply); err != nil {
			return err
		}
		if err := s.takeback(ctx, tx, &g, undo, s.now()); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.TookBack)
	})
	if err != nil {
		return Game{}, fmt.Errorf("take back: %w", err)
	}
	return g, nil
}

// takeback removes the last undo moves of g in tx.
func (s *Store) takeback(ctx context.Context, tx querier, g *Game, undo int, now time.Time) error {
	if err := rules.CheckTakeback(g.Rated, g.Clock, undo, g.Ply); err != nil {
		return fmt.Errorf("%w: game %d: %w", ErrInvalid, g.ID, err)
	}
	g.Ply -= undo
	if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id = ? AND ply >= ?`, g.ID, g.Ply); err != nil {
		return err
	}
	g.Offer = Offer{}
	g.Deadline = rules.Deadline(g.DaysPerMove, now)
	g.Updated = stamp(now)
	if _, err := tx.ExecContext(ctx, `UPDATE games SET ply = ?, offer_kind = '', deadline = ?, updated_at = ? WHERE id = ?`,
		g.Ply, nullMillis(g.Deadline), millis(now), g.ID); err != nil {
		return err
	}
	return s.schedule(ctx, tx, g)
}

// Offer records a draw or takeback offer in game id, replacing any pending
// one. o.Ply must be the game's ply; a takeback offer needs a casual game
// and 1 <= o.Undo <= o.Ply.
func (s *Store) Offer(ctx context.Context, id int64, o Offer) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		var err error
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if err := g.check(o.Ply); err != nil {
			return err
		}
		switch {
		case o.Kind != DrawOffer && o.Kind != TakebackOffer:
			return fmt.Errorf("%w: offer of kind %v", ErrInvalid, o.Kind)
		case o.By > 1:
			return fmt.Errorf("%w: offer by side %d", ErrInvalid, o.By)
		case o.Kind == TakebackOffer:
			if err := rules.CheckTakeback(g.Rated, g.Clock, o.Undo, g.Ply); err != nil {
				return fmt.Errorf("%w: game %d: %w", ErrInvalid, id, err)
			}
		case o.Kind == DrawOffer:
			o.Undo = 0
		}
		g.Offer = o
		if _, err = tx.ExecContext(ctx, `UPDATE games SET offer_kind = ?, offer_by = ?, offer_ply = ?, offer_undo = ? WHERE id = ?`,
			o.Kind.String(), o.By, o.Ply, o.Undo, id); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.Offered)
	})
	if err != nil {
		return Game{}, fmt.Errorf("offer: %w", err)
	}
	return g, nil
}

// pendingOffer returns g's pending offer of the given kind made at ply by
// the side other than by, or ErrNoOffer.
func (g *Game) pendingOffer(kind OfferKind, by engine.Side, ply int) (Offer, error) {
	o := g.Offer
	if o.Kind != kind || o.Ply != ply || o.By == by {
		return Offer{}, fmt.Errorf("game %d: %w", g.ID, ErrNoOffer)
	}
	return o, nil
}

// AcceptOffer accepts, for side by, the offer of the given kind that the
// other side made at ply in game id. Accepting a draw offer ends the game
// with end (a draw, or the variant's agreed result; the reason defaults to
// ReasonAgreement); accepting a takeback removes the offered moves and end
// is ignored.
func (s *Store) AcceptOffer(ctx context.Context, id int64, kind OfferKind, by engine.Side, ply int, end End) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		var err error
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if err := g.check(ply); err != nil {
			return err
		}
		o, err := g.pendingOffer(kind, by, ply)
		if err != nil {
			return err
		}
		now := s.now()
		if kind == TakebackOffer {
			if err := s.takeback(ctx, tx, &g, o.Undo, now); err != nil {
				return err
			}
			return gameChanged(ctx, tx, &g, feed.TookBack)
		}
		if end.Result == Aborted {
			return fmt.Errorf("%w: an agreed end cannot be an abort", ErrInvalid)
		}
		if end.Reason == ReasonNone {
			end.Reason = ReasonAgreement
		}
		if err := s.finish(ctx, tx, &g, end, now); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.Agreed)
	})
	if err != nil {
		return Game{}, fmt.Errorf("accept %v offer: %w", kind, err)
	}
	return g, nil
}

// DeclineOffer clears the offer of the given kind pending at ply in game
// id: declined by the other side or withdrawn by the one who made it.
func (s *Store) DeclineOffer(ctx context.Context, id int64, kind OfferKind, ply int) (Game, error) {
	var g Game
	err := s.write(ctx, func(tx querier) error {
		var err error
		if g, err = game(ctx, tx, id); err != nil {
			return err
		}
		if err := g.check(ply); err != nil {
			return err
		}
		if g.Offer.Kind != kind || g.Offer.Ply != ply {
			return fmt.Errorf("game %d: %w", id, ErrNoOffer)
		}
		g.Offer = Offer{}
		if _, err = tx.ExecContext(ctx, `UPDATE games SET offer_kind = '' WHERE id = ?`, id); err != nil {
			return err
		}
		return gameChanged(ctx, tx, &g, feed.Declined)
	})
	if err != nil {
		return Game{}, fmt.Errorf("decline %v offer: %w", kind, err)
	}
	return g, nil
}

// AIGames returns the IDs of the games going on in which the AI plays a
// side, oldest first.
func (s *Store) AIGames(ctx context.Context) ([]int64, error) {
	ids, err := s.gameIDs(ctx, `SELECT id FROM games WHERE result = '' AND (ai0 > 0 OR ai1 > 0) ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("games with the AI: %w", err)
	}
	return ids, nil
}

// gameIDs returns the game IDs that query selects.
func (s *Store) gameIDs(ctx context.Context, query string) ([]int64, error) {
	var ids []int64
	err := s.read(ctx, func(q querier) error {
		var err error
		ids, err = queryIDs(ctx, q, query)
		return err
	})
	return ids, err
}

// Games returns the games q selects, most recently changed first.
func (s *Store) Games(ctx context.Context, q GameQuery) ([]Game, error) {
	var where []string
	var args []any
	if q.Player != "" {
		if q.Opponent != "" {
			where = append(where, `((g.player0 = ? AND g.player1 = ?) OR (g.player0 = ? AND g.player1 = ?))`)
			args = append(args, q.Player, q.Opponent, q.Opponent, q.Player)
		} else {
			where = append(where, `(g.player0 = ? OR g.player1 = ?)`)
			args = append(args, q.Player, q.Player)
		}
	}
	if q.Variant != "" {
		where = append(where, `g.variant = ?`)
		args = append(args, q.Variant)
	}
	if q.GuildID != "" {
		where = append(where, `g.guild_id = ?`)
		args = append(args, q.GuildID)
	}
	if q.ChannelID != "" {
		// Its channel, or the thread its Discord board is in (see Post).
		where = append(where, `(g.channel_id = ? OR g.id IN (SELECT id FROM discord_posts WHERE kind = 'game' AND thread_id = ?))`)
		args = append(args, q.ChannelID, q.ChannelID)
	}
	switch q.Status {
	case Active:
		where = append(where, `g.result = ''`)
	case Finished:
		where = append(where, `g.result <> ''`)
	}
	query := gameSelect
	if len(where) > 0 {
		query += "WHERE " + strings.Join(where, " AND ")
	}
	query += ` ORDER BY g.updated_at DESC, g.id DESC LIMIT ? OFFSET ?`
	args = append(args, limit(q.Limit, 25), max(q.Offset, 0))
	return s.games(ctx, s.readers(ctx), query, args...)
}

// games runs a query of gameSelect.
func (s *Store) games(ctx context.Context, q querier, query string, args ...any) ([]Game, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var gs []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("list games: %w", err)
		}
		gs = append(gs, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	return gs, nil
}

// limit returns n bounded to 1..100, or def when n is not positive.
func limit(n, def int) int {
	if n <= 0 {
		return def
	}
	return min(n, 100)
}

// ClaimTurnPing claims, for the caller, the ping that tells the player to
// move in game id that it is their turn, the turn begun at turnVersion:
// it reports true once per turn, to the first caller, and false to the
// others, and to a caller whose turn is no longer the game's (a later
// one's ping is to come).
func (s *Store) ClaimTurnPing(ctx context.Context, id, turnVersion int64) (bool, error) {
	claimed := false
	err := s.write(ctx, func(tx querier) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET pinged_version = ?1 WHERE id = ?2 AND turn_version = ?1 AND pinged_version < ?1`, turnVersion, id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("claim the ping of game %d's turn: %w", id, err)
	}
	return claimed, nil
}
