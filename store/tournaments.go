package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/rules"
)

// TournamentFormat is how a tournament pairs its players.
type TournamentFormat string

// The formats.
const (
	// Swiss plays a fixed number of rounds, pairing players on equal
	// scores.
	Swiss TournamentFormat = "swiss"
	// RoundRobin pairs every player with every other (twice, colours
	// swapped, for a small field: see the bot).
	RoundRobin TournamentFormat = "round robin"
)

// TournamentState is where a tournament stands.
type TournamentState string

// The states of a tournament.
const (
	TournamentOpen      TournamentState = "open" // players join and leave
	TournamentRunning   TournamentState = "running"
	TournamentPaused    TournamentState = "paused" // the round goes on; no next one starts
	TournamentFinished  TournamentState = "finished"
	TournamentCancelled TournamentState = "cancelled"
)

// Active reports whether the tournament has started and not ended.
func (s TournamentState) Active() bool { return s == TournamentRunning || s == TournamentPaused }

// The bounds of a tournament.
const (
	// MaxTournamentPlayers bounds a tournament's players.
	MaxTournamentPlayers = 64
	// MaxTournamentRounds bounds a Swiss tournament's rounds.
	MaxTournamentRounds = 15
)

// NewTournament describes a tournament to create.
type NewTournament struct {
	GuildID, ChannelID string
	Creator            Player
	Variant            string
	Format             TournamentFormat
	Rounds             int // for Swiss; a round robin's are set when it starts
	Rated              bool
	DaysPerMove        int   // the games' move clock, or
	Clock              Clock // a live clock
	StartsAt           time.Time
}

// Tournament is a tournament as the database has it, with its players and
// pairings.
type Tournament struct {
	ID int64
	// PublicID is its unguessable address on the web, as Game's.
	PublicID           string
	GuildID, ChannelID string
	Creator            string
	Variant            string
	Format             TournamentFormat
	Rounds             int
	Rated              bool
	DaysPerMove        int
	Clock              Clock
	State              TournamentState
	// Round is the round being played (0 before the first).
	Round int
	// StartsAt is when it starts by itself; zero when started by hand.
	StartsAt         time.Time
	Created, Updated time.Time
	Players          []Entrant // in the order they joined
	Pairings         []Pairing // by round, then board
}

// Entrant is a player of a tournament.
type Entrant struct {
	Player
	Rating    int // when the tournament started
	Joined    time.Time
	LeftRound int // the round in which they left; 0 while they play on
}

// Pairing is one board of a round, and its result once known.
type Pairing struct {
	Round, Board int
	White, Black string // White moves first; Black is "" for a bye
	GameID       int64  // 0 for a bye or a forfeit
	Done         bool   // the result is known
	Result       float64
	Void         bool // done without a result: a bye, or the game was aborted
	Forfeit      bool // not played: a player had left
}

// Bye reports whether p is a bye.
func (p Pairing) Bye() bool { return p.Black == "" }

// Entrant returns the entrant with the given id, and false if none.
func (t *Tournament) Entrant(id string) (Entrant, bool) {
	for _, e := range t.Players {
		if e.ID == id {
			return e, true
		}
	}
	return Entrant{}, false
}

// RoundPairings returns the pairings of round r.
func (t *Tournament) RoundPairings(r int) []Pairing {
	var out []Pairing
	for _, p := range t.Pairings {
		if p.Round == r {
			out = append(out, p)
		}
	}
	return out
}

// RoundDone reports whether every pairing of the current round has its
// result (true before the first round).
func (t *Tournament) RoundDone() bool {
	for _, p := range t.RoundPairings(t.Round) {
		if !p.Done {
			return false
		}
	}
	return true
}

// ratingKey is the key of the ratings a tournament's games count for.
func (t *Tournament) ratingKey() string {
	g := Game{Variant: t.Variant, Clock: t.Clock}
	return g.RatingVariant()
}

// CreateTournament creates an open tournament. With StartsAt set, a
// TournamentStep comes due then.
func (s *Store) CreateTournament(ctx context.Context, nt NewTournament) (Tournament, error) {
	var t Tournament
	err := s.write(ctx, func(tx querier) error {
		if err := s.checkVariant(nt.Variant, ""); err != nil {
			return err
		}
		switch {
		case nt.Format != Swiss && nt.Format != RoundRobin:
			return fmt.Errorf("%w: format %q", ErrInvalid, nt.Format)
		case nt.Format == Swiss && (nt.Rounds < 1 || nt.Rounds > MaxTournamentRounds):
			return fmt.Errorf("%w: %d rounds (want 1 to %d)", ErrInvalid, nt.Rounds, MaxTournamentRounds)
		case nt.Clock.Live() == (nt.DaysPerMove > 0):
			return fmt.Errorf("%w: a tournament needs days per move or a live clock, not both", ErrInvalid)
		case rules.CheckTimeControl(nt.DaysPerMove, nt.Clock) != nil:
			return fmt.Errorf("%w: %w", ErrInvalid, rules.CheckTimeControl(nt.DaysPerMove, nt.Clock))
		case nt.Creator.ID == "":
			return fmt.Errorf("%w: a tournament needs its creator", ErrInvalid)
		}
		now := s.now()
		if err := upsertPlayer(ctx, tx, nt.Creator, now); err != nil {
			return err
		}
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO tournaments (public_id, guild_id, channel_id, creator_id, variant, format, rounds, rated,
				days_per_move, clock_ms, increment_ms, state, starts_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?) RETURNING id`,
			newPublicID(), nt.GuildID, nt.ChannelID, nt.Creator.ID, nt.Variant, string(nt.Format), nt.Rounds, nt.Rated,
			nt.DaysPerMove, nt.Clock.Base.Milliseconds(), nt.Clock.Increment.Milliseconds(),
			nullMillis(nt.StartsAt), millis(now), millis(now)).Scan(&id)
		if err != nil {
			return err
		}
		if !nt.StartsAt.IsZero() {
			if err := step(ctx, tx, id, nt.StartsAt); err != nil {
				return err
			}
		}
		changed(ctx, tx, feed.Change{Tournament: id, Kind: feed.Created})
		t, err = tournament(ctx, tx, id)
		return err
	})
	if err != nil {
		return Tournament{}, fmt.Errorf("create tournament: %w", err)
	}
	return t, nil
}

// step sets tournament id's next step due at due. A step set again while
// the one before is being taken counts up its ply, so that the Done of the
// one before leaves it in place.
func step(ctx context.Context, tx querier, id int64, due time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO schedule (kind, tournament_id, due) VALUES ('tournament', ?, ?)
		ON CONFLICT (tournament_id) WHERE tournament_id IS NOT NULL DO UPDATE SET due = excluded.due, attempts = 0, ply = schedule.ply + 1, lease_until = 0`,
		id, millis(due))
	if err != nil {
		return fmt.Errorf("schedule tournament %d: %w", id, err)
	}
	return nil
}

// tournament reads tournament id through q, with its players and pairings.
func tournament(ctx context.Context, q querier, id int64) (Tournament, error) {
	var (
		t                Tournament
		format, state    string
		base, inc        int64
		startsAt         sql.NullInt64
		created, updated int64
	)
	err := q.QueryRowContext(ctx, `SELECT id, public_id, guild_id, channel_id, creator_id, variant, format, rounds, rated,
			days_per_move, clock_ms, increment_ms, state, round, starts_at, created_at, updated_at
		FROM tournaments WHERE id = ?`, id).Scan(&t.ID, &t.PublicID, &t.GuildID, &t.ChannelID, &t.Creator,
		&t.Variant, &format, &t.Rounds, &t.Rated, &t.DaysPerMove, &base, &inc, &state, &t.Round,
		&startsAt, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, fmt.Errorf("tournament %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %d: %w", id, err)
	}
	t.Format, t.State = TournamentFormat(format), TournamentState(state)
	t.Clock = Clock{Base: time.Duration(base) * time.Millisecond, Increment: time.Duration(inc) * time.Millisecond}
	t.StartsAt = fromMillis(startsAt)
	t.Created, t.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()

	rows, err := q.QueryContext(ctx, `SELECT e.player_id, p.name, e.rating, e.joined_at, e.left_round
		FROM tournament_players e JOIN players p ON p.id = e.player_id
		WHERE e.tournament_id = ? ORDER BY e.joined_at, e.player_id`, id)
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %d players: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e Entrant
		var joined int64
		if err := rows.Scan(&e.ID, &e.Name, &e.Rating, &joined, &e.LeftRound); err != nil {
			return Tournament{}, err
		}
		e.Joined = time.UnixMilli(joined).UTC()
		t.Players = append(t.Players, e)
	}
	if err := rows.Err(); err != nil {
		return Tournament{}, err
	}
	rows, err = q.QueryContext(ctx, `SELECT round, board, white, black, coalesce(game_id, 0), done, result, forfeit
		FROM tournament_games WHERE tournament_id = ? ORDER BY round, board`, id)
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %d pairings: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Pairing
		var result sql.NullFloat64
		if err := rows.Scan(&p.Round, &p.Board, &p.White, &p.Black, &p.GameID, &p.Done, &result, &p.Forfeit); err != nil {
			return Tournament{}, err
		}
		p.Result, p.Void = result.Float64, p.Done && !result.Valid
		t.Pairings = append(t.Pairings, p)
	}
	return t, rows.Err()
}

// Tournament returns tournament id.
func (s *Store) Tournament(ctx context.Context, id int64) (Tournament, error) {
	var t Tournament
	err := s.read(ctx, func(tx querier) error {
		var err error
		t, err = tournament(ctx, tx, id)
		return err
	})
	return t, err
}

// ChannelTournament returns the latest tournament held in channel (its
// channel, or the thread the bot opened for it: see Post), ErrNotFound if
// none.
func (s *Store) ChannelTournament(ctx context.Context, channel string) (Tournament, error) {
	var id int64
	err := s.readers(ctx).QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM tournaments WHERE channel_id = ?1
		OR id IN (SELECT id FROM discord_posts WHERE kind = 'tournament' AND thread_id = ?1)`, channel).Scan(&id)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, fmt.Errorf("tournament of channel %s: %w", channel, err)
	}
	if id == 0 {
		return Tournament{}, fmt.Errorf("tournament of channel %s: %w", channel, ErrNotFound)
	}
	return s.Tournament(ctx, id)
}

// changeTournament runs f on tournament id in a write transaction, then
// reads the tournament again; the change is kind (see changed), after
// those f made.
func (s *Store) changeTournament(ctx context.Context, what string, kind feed.Kind, id int64, f func(tx querier, t *Tournament, now time.Time) error) (Tournament, error) {
	var t Tournament
	err := s.write(ctx, func(tx querier) error {
		var err error
		if t, err = tournament(ctx, tx, id); err != nil {
			return err
		}
		now := s.now()
		if err := f(tx, &t, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET updated_at = ? WHERE id = ?`, millis(now), id); err != nil {
			return err
		}
		changed(ctx, tx, feed.Change{Tournament: id, Kind: kind})
		t, err = tournament(ctx, tx, id)
		return err
	})
	if err != nil {
		return Tournament{}, fmt.Errorf("%s: %w", what, err)
	}
	return t, nil
}

// setState moves t from one of the states from to state to.
func setState(ctx context.Context, tx querier, t *Tournament, to TournamentState, from ...TournamentState) error {
	for _, f := range from {
		if t.State == f {
			_, err := tx.ExecContext(ctx, `UPDATE tournaments SET state = ? WHERE id = ?`, string(to), t.ID)
			t.State = to
			return err
		}
	}
	return fmt.Errorf("tournament %d is %s: %w", t.ID, t.State, ErrTournamentState)
}

// JoinTournament enters p in open tournament id.
func (s *Store) JoinTournament(ctx context.Context, id int64, p Player) (Tournament, error) {
	return s.changeTournament(ctx, "join tournament", feed.Joined, id, func(tx querier, t *Tournament, now time.Time) error {
		switch {
		case t.State != TournamentOpen:
			return fmt.Errorf("tournament %d is %s: %w", id, t.State, ErrTournamentState)
		case len(t.Players) >= MaxTournamentPlayers:
			return ErrTournamentFull
		}
		if _, ok := t.Entrant(p.ID); ok {
			return ErrEntered
		}
		if err := upsertPlayer(ctx, tx, p, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES (?, ?, ?)`,
			id, p.ID, millis(now))
		return err
	})
}

// LeaveTournament takes player out of tournament id: before it starts,
// off the list; after, they are paired no more and forfeit the games
// still to come. It returns the tournament and the player's game going
// on, if any (0), for the caller to resign it.
func (s *Store) LeaveTournament(ctx context.Context, id int64, player string) (Tournament, int64, error) {
	var game int64
	t, err := s.changeTournament(ctx, "leave tournament", feed.Left, id, func(tx querier, t *Tournament, now time.Time) error {
		e, ok := t.Entrant(player)
		switch {
		case !ok || e.LeftRound > 0:
			return ErrNotEntered
		case t.State == TournamentOpen:
			_, err := tx.ExecContext(ctx, `DELETE FROM tournament_players WHERE tournament_id = ? AND player_id = ?`, id, player)
			return err
		case !t.State.Active():
			return fmt.Errorf("tournament %d is %s: %w", id, t.State, ErrTournamentState)
		}
		for _, p := range t.RoundPairings(t.Round) {
			if !p.Done && p.GameID != 0 && (p.White == player || p.Black == player) {
				game = p.GameID
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournament_players SET left_round = ? WHERE tournament_id = ? AND player_id = ?`,
			max(t.Round, 1), id, player)
		return err
	})
	return t, game, err
}

// StartTournament starts open tournament id with the given number of
// rounds: the players' ratings are taken as they are now, and its next
// step (the first round) comes due at once.
func (s *Store) StartTournament(ctx context.Context, id int64, rounds int) (Tournament, error) {
	return s.changeTournament(ctx, "start tournament", feed.Begun, id, func(tx querier, t *Tournament, now time.Time) error {
		if rounds < 1 {
			return fmt.Errorf("%w: %d rounds", ErrInvalid, rounds)
		}
		if err := setState(ctx, tx, t, TournamentRunning, TournamentOpen); err != nil {
			return err
		}
		for _, e := range t.Players {
			r, err := rating(ctx, tx, e.Player, t.ratingKey())
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE tournament_players SET rating = ? WHERE tournament_id = ? AND player_id = ?`,
				r.Rating, id, e.ID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET rounds = ? WHERE id = ?`, rounds, id); err != nil {
			return err
		}
		return step(ctx, tx, id, now)
	})
}

// PauseTournament pauses running tournament id: its round's games go on,
// but no next round starts until ResumeTournament.
func (s *Store) PauseTournament(ctx context.Context, id int64) (Tournament, error) {
	return s.changeTournament(ctx, "pause tournament", feed.Paused, id, func(tx querier, t *Tournament, _ time.Time) error {
		return setState(ctx, tx, t, TournamentPaused, TournamentRunning)
	})
}

// ResumeTournament resumes paused tournament id; its next step comes due
// at once if its round is over.
func (s *Store) ResumeTournament(ctx context.Context, id int64) (Tournament, error) {
	return s.changeTournament(ctx, "resume tournament", feed.Resumed, id, func(tx querier, t *Tournament, now time.Time) error {
		if err := setState(ctx, tx, t, TournamentRunning, TournamentPaused); err != nil {
			return err
		}
		if t.RoundDone() {
			return step(ctx, tx, id, now)
		}
		return nil
	})
}

// CancelTournament cancels tournament id before it ends. Its games going
// on are left to their players, as ordinary games.
func (s *Store) CancelTournament(ctx context.Context, id int64) (Tournament, error) {
	return s.changeTournament(ctx, "cancel tournament", feed.Cancelled, id, func(tx querier, t *Tournament, _ time.Time) error {
		if err := setState(ctx, tx, t, TournamentCancelled, TournamentOpen, TournamentRunning, TournamentPaused); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM schedule WHERE tournament_id = ?`, t.ID)
		return err
	})
}

// FinishTournament ends running tournament id once its round is over:
// after its last round, or before when no next round can be paired (its
// rounds are then cut to those played).
func (s *Store) FinishTournament(ctx context.Context, id int64) (Tournament, error) {
	return s.changeTournament(ctx, "finish tournament", feed.Finished, id, func(tx querier, t *Tournament, _ time.Time) error {
		if t.Round == 0 || !t.RoundDone() {
			return fmt.Errorf("tournament %d is at round %d of %d: %w", id, t.Round, t.Rounds, ErrTournamentState)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET rounds = round WHERE id = ?`, id); err != nil {
			return err
		}
		return setState(ctx, tx, t, TournamentFinished, TournamentRunning)
	})
}

// StartRound starts round of running tournament id, whose previous round
// is over, with the pairings given (in board order; their Round, Board
// and result fields are ignored). A bye is done at once, without a result
// (what it is worth is the format's rule); a pairing with a
// player who has left is a forfeit (void if both have); every other
// pairing gets its game, with White in the seat that moves first, on the
// tournament's clock, in its thread. If the round is over at once (all
// byes and forfeits), the next step comes due at once.
func (s *Store) StartRound(ctx context.Context, id int64, round int, pairs []Pairing) (Tournament, error) {
	return s.changeTournament(ctx, "start round", feed.Round, id, func(tx querier, t *Tournament, now time.Time) error {
		switch {
		case t.State != TournamentRunning:
			return fmt.Errorf("tournament %d is %s: %w", id, t.State, ErrTournamentState)
		case round != t.Round+1 || !t.RoundDone() || round > t.Rounds:
			return fmt.Errorf("round %d of tournament %d, at round %d of %d: %w", round, id, t.Round, t.Rounds, ErrTournamentState)
		}
		v, err := s.variant(t.Variant)
		if err != nil {
			return err
		}
		start, err := Replay(v, "", nil)
		if err != nil {
			return err
		}
		first := start.Turn()
		gone := func(id string) bool {
			e, ok := t.Entrant(id)
			return !ok || e.LeftRound > 0
		}
		for i, p := range pairs {
			var gameID sql.NullInt64
			var result sql.NullFloat64
			done, forfeit := true, false
			switch {
			case p.Bye(): // done, without a result: its worth is the format's
			case gone(p.White) || gone(p.Black):
				forfeit = true
				if gone(p.White) != gone(p.Black) {
					result = sql.NullFloat64{Float64: 1, Valid: true}
					if gone(p.White) {
						result.Float64 = 0
					}
				}
			default:
				var seats [2]Seat
				w, _ := t.Entrant(p.White)
				b, _ := t.Entrant(p.Black)
				seats[first], seats[first.Other()] = Seat{Player: w.Player}, Seat{Player: b.Player}
				gid, err := s.createGame(ctx, tx, NewGame{
					Variant: t.Variant, Seats: seats, GuildID: t.GuildID, ChannelID: t.ChannelID,
					Rated: t.Rated, DaysPerMove: t.DaysPerMove, Clock: t.Clock, unlimited: true,
				}, now)
				if err != nil {
					return fmt.Errorf("board %d: %w", i+1, err)
				}
				g := Game{ID: gid, Tournament: id}
				if err := gameChanged(ctx, tx, &g, feed.Started); err != nil {
					return err
				}
				gameID, done = sql.NullInt64{Int64: gid, Valid: true}, false
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_games (tournament_id, round, board, white, black, game_id, done, result, forfeit)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, round, i+1, p.White, p.Black, gameID, done, result, forfeit); err != nil {
				return fmt.Errorf("board %d: %w", i+1, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET round = ? WHERE id = ?`, round, id); err != nil {
			return err
		}
		return stepIfRoundDone(ctx, tx, id, round, now)
	})
}

// stepIfRoundDone sets the next step of tournament id due at once if it
// is running, at round, and that round is over.
func stepIfRoundDone(ctx context.Context, tx querier, id int64, round int, now time.Time) error {
	var running bool
	err := tx.QueryRowContext(ctx, `SELECT state = 'running' AND round = ? FROM tournaments WHERE id = ?`, round, id).Scan(&running)
	if err != nil || !running {
		return err
	}
	var pending int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tournament_games WHERE tournament_id = ? AND round = ? AND done = 0`,
		id, round).Scan(&pending); err != nil || pending > 0 {
		return err
	}
	return step(ctx, tx, id, now)
}

// scoreTournamentGame records the result of g, which has just ended, in
// its tournament, if it belongs to one: White's score, or void when it was
// aborted. The tournament's next step comes due when that was the round's
// last game.
func scoreTournamentGame(ctx context.Context, tx querier, g *Game, now time.Time) error {
	if g.Tournament == 0 {
		return nil
	}
	var white string
	if err := tx.QueryRowContext(ctx, `SELECT white FROM tournament_games WHERE game_id = ?`, g.ID).Scan(&white); err != nil {
		return fmt.Errorf("tournament game %d: %w", g.ID, err)
	}
	var result sql.NullFloat64
	switch g.Result {
	case Win:
		result = sql.NullFloat64{Valid: true}
		if g.Seats[g.Winner].ID == white {
			result.Float64 = 1
		}
	case Draw:
		result = sql.NullFloat64{Float64: 0.5, Valid: true}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tournament_games SET done = 1, result = ? WHERE game_id = ?`, result, g.ID); err != nil {
		return fmt.Errorf("tournament game %d: %w", g.ID, err)
	}
	return stepIfRoundDone(ctx, tx, g.Tournament, g.Round, now)
}
