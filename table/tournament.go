package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/tournament"
)

// The choices of a tournament.
const (
	// DoubleRoundRobin is the largest field whose round robin is played
	// twice, colours swapped.
	DoubleRoundRobin = 6
	// DefaultSwissRounds is the rounds of a Swiss tournament that names
	// none.
	DefaultSwissRounds = 5
)

// roundRobinRounds returns the rounds of a round robin of n players.
func roundRobinRounds(n int) int {
	r := n - 1
	if n%2 == 1 {
		r = n // each player sits out once
	}
	if n <= DoubleRoundRobin {
		r *= 2
	}
	return r
}

// TieBreak returns the tie-break of a tournament's format: Buchholz for
// Swiss, Sonneborn–Berger for a round robin.
func TieBreak(f store.TournamentFormat) tournament.TieBreak {
	if f == store.RoundRobin {
		return tournament.SonnebornBerger
	}
	return tournament.Buchholz
}

// players returns tr's players for pairing and standings: all of them,
// or only those still playing.
func players(tr *store.Tournament, playing bool) []tournament.Player {
	var ps []tournament.Player
	for _, e := range tr.Players {
		if !playing || e.LeftRound == 0 {
			ps = append(ps, tournament.Player{ID: e.ID, Rating: e.Rating})
		}
	}
	return ps
}

// rounds returns tr's rounds so far, with the results known. A bye is
// worth tournament.ByeScore in a Swiss tournament; in a round robin,
// where every player sits out equally often, nothing.
func rounds(tr *store.Tournament) []tournament.Round {
	var rs []tournament.Round
	for _, p := range tr.Pairings {
		for len(rs) < p.Round {
			rs = append(rs, nil)
		}
		if SitsOut(tr, p) {
			continue
		}
		rs[p.Round-1] = append(rs[p.Round-1], tournament.Game{
			White: p.White, Black: p.Black, Result: p.Result, Played: p.Done && !p.Void, Forfeit: p.Forfeit,
		})
	}
	return rs
}

// Standings returns tr's standings: every player who started, those who
// left included, ranked by points and the format's tie-break.
func Standings(tr *store.Tournament) []tournament.Standing {
	return tournament.Standings(players(tr, false), rounds(tr), TieBreak(tr.Format))
}

// StartTournament starts open tournament id, whose creator (or a
// moderator) asked: it needs two players, and a Swiss tournament one more
// than its rounds, so that nobody meets twice. The first round is paired
// by the next step (see TournamentStep), due at once.
func (t *Table) StartTournament(ctx context.Context, id int64) (store.Tournament, error) {
	tr, err := t.store.Tournament(ctx, id)
	if err != nil {
		return store.Tournament{}, t.explainTournament(id, err)
	}
	n, rounds := len(tr.Players), tr.Rounds
	switch {
	case tr.State != store.TournamentOpen:
		return tr, refusal(Refusal{Reason: TournamentStarted, Tournament: id}, "Tournament #%d has already %s.", id, map[bool]string{true: "started", false: "ended"}[tr.State.Active()])
	case n < 2:
		return tr, refusal(Refusal{Reason: TooFewPlayers, Tournament: id, Limit: 2}, "Tournament #%d needs at least 2 players to start; %s joined.", id, joinedCount(n))
	case tr.Format == store.Swiss && rounds >= n:
		return tr, refusal(Refusal{Reason: TooFewPlayers, Tournament: id, Limit: rounds + 1}, "Tournament #%d has %d rounds: it needs at least %d players so that nobody meets twice; %s joined. Wait for more, or start a new one with fewer rounds.",
			id, rounds, rounds+1, joinedCount(n))
	case tr.Format == store.RoundRobin:
		rounds = roundRobinRounds(n)
	}
	tr, err = t.store.StartTournament(ctx, id, rounds)
	if err == nil {
		t.WakeTimers() // its first round is due at once
	}
	return tr, t.explainTournament(id, err)
}

func joinedCount(n int) string {
	switch n {
	case 0:
		return "nobody has"
	case 1:
		return "1 has"
	}
	return fmt.Sprintf("%d have", n)
}

// explainTournament turns the store's refusals about tournament id into
// refusals a player can act on; other errors pass through.
func (t *Table) explainTournament(id int64, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound):
		return refusal(Refusal{Reason: NoTournament, Tournament: id}, "There is no tournament #%d.", id)
	case errors.Is(err, store.ErrEntered):
		return refusal(Refusal{Reason: AlreadyJoined, Tournament: id}, "You are already in tournament #%d.", id)
	case errors.Is(err, store.ErrNotEntered):
		return refusal(Refusal{Reason: NotJoined, Tournament: id}, "You are not playing in tournament #%d.", id)
	case errors.Is(err, store.ErrTournamentFull):
		return refusal(Refusal{Reason: TournamentFull, Tournament: id, Limit: store.MaxTournamentPlayers}, "Tournament #%d is full: it has %d players, the most a tournament takes.", id, store.MaxTournamentPlayers)
	case errors.Is(err, store.ErrTournamentState):
		return refusal(Refusal{Reason: TournamentClosed, Tournament: id}, "Tournament #%d does not allow that now.", id)
	}
	return err
}

// StepEvent is what a tournament's step did.
type StepEvent uint8

// The events of a step.
const (
	// StepNone: nothing new; the round goes on (its boards may still need
	// posting).
	StepNone StepEvent = iota
	// StepRound: the next round was paired and its games created.
	StepRound
	// StepFinished: the last round is over, or no next round could be
	// paired; the standings are final.
	StepFinished
	// StepCancelled: its start time came with too few players.
	StepCancelled
)

// Step says what TournamentStep did, for the adapter to show.
type Step struct {
	Tournament store.Tournament
	Event      StepEvent
	// Why says why a tournament was cancelled, or ended early.
	Why string
}

// TournamentStep takes tournament id's next step, which the store has
// said is due: at its start time, it starts (or is cancelled with too few
// players); when its round is over, it pairs the next round (Swiss: by
// score, among the players still in; round robin: the next round of its
// table), or finishes after the last. It is safe to repeat: a step taken
// already does nothing, so a restart after a crash takes it again.
func (t *Table) TournamentStep(ctx context.Context, id int64) (Step, error) {
	defer t.tlocks.Lock(id)()
	tr, err := t.store.Tournament(ctx, id)
	if err != nil {
		return Step{}, err
	}
	if tr.State == store.TournamentOpen && !tr.StartsAt.IsZero() && !t.now().Before(tr.StartsAt) {
		started, err := t.StartTournament(ctx, id)
		var refusal *Refusal
		if errors.As(err, &refusal) {
			tr, err = t.store.CancelTournament(ctx, id)
			return Step{Tournament: tr, Event: StepCancelled, Why: refusal.Error()}, err
		}
		if err != nil {
			return Step{}, err
		}
		tr = started
	}
	if tr.State != store.TournamentRunning || !tr.RoundDone() {
		return Step{Tournament: tr}, nil
	}
	if tr.Round >= tr.Rounds {
		tr, err = t.store.FinishTournament(ctx, id)
		return Step{Tournament: tr, Event: StepFinished}, err
	}
	pairs, err := nextRound(&tr)
	if errors.Is(err, tournament.ErrNoPairing) || errors.Is(err, errTooFew) {
		tr, err = t.store.FinishTournament(ctx, id)
		return Step{Tournament: tr, Event: StepFinished, Why: "no next round could be paired among the players still in it"}, err
	}
	if err != nil {
		return Step{}, err
	}
	tr, err = t.store.StartRound(ctx, id, tr.Round+1, pairs)
	if err != nil {
		return Step{}, err
	}
	return Step{Tournament: tr, Event: StepRound}, nil
}

var errTooFew = errors.New("fewer than two players left")

// nextRound pairs tr's next round.
func nextRound(tr *store.Tournament) ([]store.Pairing, error) {
	var round tournament.Round
	switch tr.Format {
	case store.RoundRobin:
		all := players(tr, false)
		round = tournament.RoundRobin(all, len(all) <= DoubleRoundRobin)[tr.Round]
	default:
		playing := players(tr, true)
		if len(playing) < 2 {
			return nil, errTooFew
		}
		var err error
		if round, err = tournament.Swiss(playing, rounds(tr)); err != nil {
			return nil, err
		}
	}
	pairs := make([]store.Pairing, len(round))
	for i, g := range round {
		pairs[i] = store.Pairing{White: g.White, Black: g.Black}
	}
	return pairs, nil
}

// JoinTournament enters p in open tournament id.
func (t *Table) JoinTournament(ctx context.Context, id int64, p store.Player) (store.Tournament, error) {
	tr, err := t.store.JoinTournament(ctx, id, p)
	if errors.Is(err, store.ErrTournamentState) {
		return tr, refusal(Refusal{Reason: TournamentStarted, Tournament: id}, "Tournament #%d has already started; join the next one!", id)
	}
	return tr, t.explainTournament(id, err)
}

// LeaveTournament takes user out of tournament id. After the start, the
// player's game going on is resigned and the games to come are forfeits;
// the Update is that resignation's (its Event is zero without one).
func (t *Table) LeaveTournament(ctx context.Context, id int64, user string) (store.Tournament, Update, error) {
	tr, game, err := t.store.LeaveTournament(ctx, id, user)
	if err != nil || game == 0 {
		return tr, Update{}, t.explainTournament(id, err)
	}
	u, err := t.Resign(ctx, game, user, store.AnyPly)
	var over *Refusal
	if errors.As(err, &over) {
		return tr, Update{}, nil // the game ended meanwhile
	}
	return tr, u, err
}
