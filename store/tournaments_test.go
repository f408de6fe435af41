package store

import (
	"context"
	"testing"
	"time"

	"github.com/zugbot/zugbot/rules"
)

// mustTournament creates a Swiss tournament of rounds on Zola with three
// days a move, and enters players.
func mustTournament(tb testing.TB, s *Store, rounds int, players ...Player) Tournament {
	tb.Helper()
	ctx := context.Background()
	tr, err := s.CreateTournament(ctx, NewTournament{GuildID: "g1", ChannelID: "c1", Creator: alice, Variant: "zola",
		Format: Swiss, Rounds: rounds, Rated: true, DaysPerMove: 3})
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range players {
		if tr, err = s.JoinTournament(ctx, tr.ID, p); err != nil {
			tb.Fatal(err)
		}
	}
	return tr
}

// dueOf returns the timers of kind due now.
func dueOf(tb testing.TB, s *Store, kind TaskKind) []Task {
	tb.Helper()
	tasks, err := s.Due(context.Background(), 100)
	if err != nil {
		tb.Fatal(err)
	}
	var out []Task
	for _, t := range tasks {
		if t.Kind == kind {
			out = append(out, t)
		}
	}
	return out
}

// tournamentSteps returns the tournament steps due now.
func tournamentSteps(tb testing.TB, s *Store) []Task { return dueOf(tb, s, TournamentStep) }

// TestTournamentLifecycle runs a tournament through the store: sign-up,
// start, a round with a bye, results recorded as games end (a time-out
// before any move is a loss, not an abort), the next step due when the
// round is over and not before, a player leaving, and the end.
func TestTournamentLifecycle(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{MaxActiveGames: 1})
	tr := mustTournament(t, s, 2, alice, bob)
	wantErr(t, "joining twice", func() error { _, err := s.JoinTournament(ctx, tr.ID, bob); return err }(), ErrEntered)
	tr, err := s.JoinTournament(ctx, tr.ID, carol)
	if err != nil || len(tr.Players) != 3 || tr.State != TournamentOpen {
		t.Fatalf("after three joins: %+v, %v", tr.Players, err)
	}
	// Carol's other game does not keep her out of the tournament's.
	mustGame(t, s, carol, Player{ID: "400", Name: "Dan"}, false)
	if len(tournamentSteps(t, s)) != 0 {
		t.Fatal("a step is due before the start")
	}
	wantErr(t, "a round before the start", func() error {
		_, err := s.StartRound(ctx, tr.ID, 1, []Pairing{{White: alice.ID, Black: bob.ID}})
		return err
	}(), ErrTournamentState)
	if tr, err = s.StartTournament(ctx, tr.ID, 2); err != nil || tr.State != TournamentRunning || tr.Players[0].Rating != rules.InitialRating {
		t.Fatalf("start: %+v, %v", tr, err)
	}
	wantErr(t, "joining after the start", func() error {
		_, err := s.JoinTournament(ctx, tr.ID, Player{ID: "500", Name: "Eve"})
		return err
	}(), ErrTournamentState)
	steps := tournamentSteps(t, s)
	if len(steps) != 1 || steps[0].TournamentID != tr.ID {
		t.Fatalf("steps after the start: %+v", steps)
	}
	if err := s.Done(ctx, steps[0]); err != nil {
		t.Fatal(err)
	}
	tr, err = s.StartRound(ctx, tr.ID, 1, []Pairing{{White: alice.ID, Black: carol.ID}, {White: bob.ID}})
	if err != nil {
		t.Fatal(err)
	}
	ps := tr.RoundPairings(1)
	if tr.Round != 1 || len(ps) != 2 || ps[0].GameID == 0 || ps[0].Done || !ps[1].Done || !ps[1].Void {
		t.Fatalf("round 1: %+v", ps)
	}
	g, err := s.Game(ctx, ps[0].GameID)
	if err != nil || g.Tournament != tr.ID || g.Round != 1 || !g.Rated || g.DaysPerMove != 3 || g.Seats[0].ID != alice.ID {
		t.Fatalf("round 1's game: %+v, %v", g, err)
	}
	wantErr(t, "round 2 while round 1 goes on", func() error {
		_, err := s.StartRound(ctx, tr.ID, 2, nil)
		return err
	}(), ErrTournamentState)
	// Alice (White, to move) never moves: she loses on time.
	c.Add(4 * 24 * time.Hour)
	tasks, _ := s.Due(ctx, 10)
	var deadline Task
	for _, tk := range tasks {
		if tk.Kind == Deadline {
			deadline = tk
		}
	}
	if g, err = s.TimeOut(ctx, deadline, 0); err != nil || g.Result != Win || g.Winner != 1 || g.Reason != ReasonTimeout {
		t.Fatalf("a tournament game's time-out before any move: %+v, %v; want a loss on time", g, err)
	}
	tr, _ = s.Tournament(ctx, tr.ID)
	if p := tr.RoundPairings(1)[0]; !p.Done || p.Result != 0 || !tr.RoundDone() {
		t.Fatalf("after the time-out: %+v", p)
	}
	if steps := tournamentSteps(t, s); len(steps) != 1 {
		t.Fatalf("steps after the round's last game: %+v", steps)
	}
	tr, err = s.StartRound(ctx, tr.ID, 2, []Pairing{{White: carol.ID, Black: bob.ID}, {White: alice.ID}})
	if err != nil {
		t.Fatal(err)
	}
	// Bob leaves: his game is returned to be resigned, he is out.
	tr, game, err := s.LeaveTournament(ctx, tr.ID, bob.ID)
	if err != nil || game != tr.RoundPairings(2)[0].GameID {
		t.Fatalf("leave: game %d, %v", game, err)
	}
	if e, _ := tr.Entrant(bob.ID); e.LeftRound != 2 {
		t.Errorf("bob left in round %d, want 2", e.LeftRound)
	}
	wantErr(t, "finish before the last game ends", func() error { _, err := s.FinishTournament(ctx, tr.ID); return err }(), ErrTournamentState)
	g, _ = s.Game(ctx, game)
	mustFinish(t, s, g, 0) // Bob resigns: Carol (White) wins
	if tr, err = s.FinishTournament(ctx, tr.ID); err != nil || tr.State != TournamentFinished {
		t.Fatalf("finish: %v, %v", tr.State, err)
	}
	if p := tr.RoundPairings(2)[0]; p.Result != 1 || !p.Done {
		t.Errorf("round 2, board 1: %+v", p)
	}
}

// TestTournamentForfeits checks that a round's pairing with a player who
// has left is a forfeit (void when both have), and that a round of
// forfeits alone is over at once.
func TestTournamentForfeits(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	dan := Player{ID: "400", Name: "Dan"}
	tr := mustTournament(t, s, 3, alice, bob, carol, dan)
	if _, err := s.StartTournament(ctx, tr.ID, 3); err != nil {
		t.Fatal(err)
	}
	for _, p := range []Player{bob, dan} {
		if _, _, err := s.LeaveTournament(ctx, tr.ID, p.ID); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := s.StartRound(ctx, tr.ID, 1, []Pairing{{White: alice.ID, Black: bob.ID}, {White: dan.ID, Black: carol.ID}, {White: bob.ID, Black: dan.ID}})
	if err != nil {
		t.Fatal(err)
	}
	ps := tr.RoundPairings(1)
	if !ps[0].Forfeit || ps[0].Result != 1 || !ps[1].Forfeit || ps[1].Result != 0 || !ps[2].Void || ps[0].GameID != 0 {
		t.Errorf("forfeits: %+v", ps)
	}
	steps := tournamentSteps(t, s)
	if len(steps) != 1 {
		t.Fatal("a round of forfeits alone did not make the next step due")
	}
	// The step that started the round is done; the one it set stays.
	if err := s.Done(ctx, Task{ID: steps[0].ID, Kind: TournamentStep, TournamentID: tr.ID, Due: steps[0].Due, Ply: steps[0].Ply - 1}); err != nil {
		t.Fatal(err)
	}
	if len(tournamentSteps(t, s)) != 1 {
		t.Error("the Done of the step before removed the step set while it was taken")
	}
	if _, _, err := s.LeaveTournament(ctx, tr.ID, bob.ID); err == nil {
		t.Error("bob left twice")
	}
	// Paused, the next step waits; resumed, it is due again.
	if _, err := s.PauseTournament(ctx, tr.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartRound(ctx, tr.ID, 2, nil); err == nil {
		t.Error("a paused tournament started a round")
	}
	if _, err := s.ResumeTournament(ctx, tr.ID); err != nil {
		t.Fatal(err)
	}
	if tr, err = s.CancelTournament(ctx, tr.ID); err != nil || tr.State != TournamentCancelled || len(tournamentSteps(t, s)) != 0 {
		t.Errorf("cancel: %v, %v, steps %v", tr.State, err, tournamentSteps(t, s))
	}
}

// TestTournamentOfDeletedUser checks that a deleted person's tournament
// lines stay, under the pseudonym.
func TestTournamentOfDeletedUser(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	tr := mustTournament(t, s, 1, alice, bob)
	if _, err := s.StartTournament(ctx, tr.ID, 1); err != nil {
		t.Fatal(err)
	}
	tr, err := s.StartRound(ctx, tr.ID, 1, []Pairing{{White: alice.ID, Black: bob.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteUser(ctx, bob.ID, true); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Tournament(ctx, tr.ID)
	p := tr.RoundPairings(1)[0]
	if len(tr.Players) != 2 || tr.Players[1].Name != DeletedName || p.Black != tr.Players[1].ID || !p.Void {
		t.Errorf("after deleting bob: players %+v, pairing %+v", tr.Players, p)
	}
}
