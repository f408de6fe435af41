package table

import (
	"context"
	"time"

	"github.com/zugbot/zugbot/store"
)

// MaxStartDelay is the furthest ahead a tournament may be set to start by
// itself: a week.
const MaxStartDelay = 7 * 24 * time.Hour

// NewTournament is a tournament someone asks to hold. Its Rounds is 0 for
// the format's own: DefaultSwissRounds for Swiss, and for a round robin
// the rounds its players make.
type NewTournament struct {
	store.NewTournament
	// StartIn, when not 0, starts the tournament by itself after this long
	// (at most MaxStartDelay); otherwise it is started by hand.
	StartIn time.Duration
}

// CreateTournament opens a tournament for sign-up, after the rules of its
// format: a Swiss tournament has 1 to store.MaxTournamentRounds rounds
// (DefaultSwissRounds when it names none); a round robin's rounds follow
// from its players and cannot be set.
func (t *Table) CreateTournament(ctx context.Context, nt NewTournament) (store.Tournament, error) {
	switch nt.Format {
	case store.Swiss:
		switch {
		case nt.Rounds == 0:
			nt.Rounds = DefaultSwissRounds
		case nt.Rounds < 1 || nt.Rounds > store.MaxTournamentRounds:
			return store.Tournament{}, refuse(Invalid, "A Swiss tournament has 1 to %d rounds.", store.MaxTournamentRounds)
		}
	case store.RoundRobin:
		if nt.Rounds != 0 {
			return store.Tournament{}, refuse(Invalid, "A round robin's rounds follow from its players (everyone meets everyone; twice with %d players or fewer): leave out rounds.", DoubleRoundRobin)
		}
	default:
		return store.Tournament{}, refuse(Invalid, "Choose the format: swiss or round robin.")
	}
	if nt.StartIn != 0 {
		if nt.StartIn < time.Minute || nt.StartIn > MaxStartDelay {
			return store.Tournament{}, refusal(Refusal{Reason: BadStartDelay, Limit: int(MaxStartDelay / time.Minute)}, "Start the tournament in 1 to %d minutes, or leave out start.", int(MaxStartDelay/time.Minute))
		}
		nt.StartsAt = t.now().Add(nt.StartIn)
	}
	tr, err := t.store.CreateTournament(ctx, nt.NewTournament)
	return tr, t.explainTournament(0, err)
}

// Director is who asks to run a tournament (start, pause, resume or call
// it off), and where.
type Director struct {
	User string
	// GuildID is the server the request comes from: a tournament is run
	// from its own.
	GuildID string
	// Manager is true for a member who may manage that server, who may run
	// any of its tournaments; otherwise only a tournament's creator may.
	Manager bool
}

// Tournament loads tournament id, wherever it is held (for a page anyone
// may watch).
func (t *Table) Tournament(ctx context.Context, id int64) (store.Tournament, error) {
	tr, err := t.store.Tournament(ctx, id)
	if err != nil {
		return tr, t.explainTournament(id, err)
	}
	return tr, nil
}

// TournamentHere loads tournament id for a request from server guildID,
// refusing one held elsewhere.
func (t *Table) TournamentHere(ctx context.Context, id int64, guildID string) (store.Tournament, error) {
	tr, err := t.store.Tournament(ctx, id)
	if err != nil {
		return tr, t.explainTournament(id, err)
	}
	if tr.GuildID != guildID {
		return tr, refusal(Refusal{Reason: NotHere, Tournament: id}, "Tournament #%d is not held on this server.", id)
	}
	return tr, nil
}

// directed loads tournament id for d, refusing anyone but its creator or
// a manager of its server.
func (t *Table) directed(ctx context.Context, id int64, d Director) (store.Tournament, error) {
	tr, err := t.TournamentHere(ctx, id, d.GuildID)
	if err != nil {
		return tr, err
	}
	if d.User != tr.Creator && !d.Manager {
		return tr, refusal(Refusal{Reason: NotYours, Tournament: id}, "Only the creator of tournament #%d, or a member who may manage this server, can do that.", id)
	}
	return tr, nil
}

// StartTournamentAs starts tournament id at d's request (see
// StartTournament).
func (t *Table) StartTournamentAs(ctx context.Context, id int64, d Director) (store.Tournament, error) {
	if _, err := t.directed(ctx, id, d); err != nil {
		return store.Tournament{}, err
	}
	return t.StartTournament(ctx, id)
}

// PauseTournament pauses tournament id at d's request: the games of the
// round go on, and the next round waits until it is resumed.
func (t *Table) PauseTournament(ctx context.Context, id int64, d Director) (store.Tournament, error) {
	if _, err := t.directed(ctx, id, d); err != nil {
		return store.Tournament{}, err
	}
	tr, err := t.store.PauseTournament(ctx, id)
	return tr, t.explainTournament(id, err)
}

// ResumeTournament resumes paused tournament id at d's request.
func (t *Table) ResumeTournament(ctx context.Context, id int64, d Director) (store.Tournament, error) {
	if _, err := t.directed(ctx, id, d); err != nil {
		return store.Tournament{}, err
	}
	tr, err := t.store.ResumeTournament(ctx, id)
	if err == nil {
		t.WakeTimers() // its next round may be due
	}
	return tr, t.explainTournament(id, err)
}

// CancelTournament calls tournament id off at d's request; its games going
// on are played on as ordinary games.
func (t *Table) CancelTournament(ctx context.Context, id int64, d Director) (store.Tournament, error) {
	if _, err := t.directed(ctx, id, d); err != nil {
		return store.Tournament{}, err
	}
	tr, err := t.store.CancelTournament(ctx, id)
	return tr, t.explainTournament(id, err)
}

// SitsOut reports whether pairing p is a round in which its player sits
// out without a point: a bye of a round robin, where every player sits
// out equally often. A Swiss bye is worth tournament.ByeScore.
func SitsOut(tr *store.Tournament, p store.Pairing) bool {
	return p.Bye() && tr.Format == store.RoundRobin
}
