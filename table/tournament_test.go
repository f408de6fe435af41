package table_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// newTournament creates a tournament of format on Zola with a day a move
// (Swiss: of rounds) and enters players.
func (f *fixture) newTournament(format store.TournamentFormat, rounds int, startsAt time.Time, ps ...store.Player) store.Tournament {
	f.t.Helper()
	tr, err := f.tab.CreateTournament(f.ctx, table.NewTournament{NewTournament: store.NewTournament{GuildID: "g", ChannelID: "c", Creator: alice, Variant: "zola",
		Format: format, Rounds: rounds, Rated: true, DaysPerMove: 1, StartsAt: startsAt}})
	if err != nil {
		f.t.Fatal(err)
	}
	for _, p := range ps {
		if tr, err = f.tab.JoinTournament(f.ctx, tr.ID, p); err != nil {
			f.t.Fatal(err)
		}
	}
	return tr
}

// step takes tournament id's step and checks its event.
func (f *fixture) step(id int64, want table.StepEvent) store.Tournament {
	f.t.Helper()
	s, err := f.tab.TournamentStep(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	if s.Event != want {
		f.t.Fatalf("step of tournament %d: event %d (%s), want %d", id, s.Event, s.Why, want)
	}
	return s.Tournament
}

// TestRoundRobinThroughTable plays a round robin of three through the
// table: a double one (6 rounds, a bye each round), where the player who
// joined first beats everyone and the second beats the third. A bye in a
// round robin is worth nothing (everyone sits out as often). Sonneborn–
// Berger: alice beat bob (2 points) and carol (0) twice each: 4; bob beat
// carol twice: 0; carol 0.
func TestRoundRobinThroughTable(t *testing.T) {
	f := newFixture(t)
	tr := f.newTournament(store.RoundRobin, 0, time.Time{}, alice)
	_, err := f.tab.StartTournament(f.ctx, tr.ID)
	refused(t, err, "needs at least 2 players to start; 1 has joined")
	_, err = f.tab.JoinTournament(f.ctx, tr.ID, alice)
	refused(t, err, "already in tournament")
	for _, p := range []store.Player{bob, carol} {
		if _, err := f.tab.JoinTournament(f.ctx, tr.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	if tr, err = f.tab.StartTournament(f.ctx, tr.ID); err != nil || tr.Rounds != 6 {
		t.Fatalf("start: %d rounds, %v; want 6 (double, with byes)", tr.Rounds, err)
	}
	_, err = f.tab.JoinTournament(f.ctx, tr.ID, store.Player{ID: "9", Name: "late"})
	refused(t, err, "has already started")
	rank := map[string]int{alice.ID: 1, bob.ID: 2, carol.ID: 3}
	for round := 1; round <= 6; round++ {
		tr = f.step(tr.ID, table.StepRound)
		f.step(tr.ID, table.StepNone) // taken again, it does nothing
		ps := tr.RoundPairings(round)
		if len(ps) != 2 {
			t.Fatalf("round %d: %+v", round, ps)
		}
		for _, p := range ps {
			if p.Bye() {
				continue
			}
			loser := p.White
			if rank[p.White] < rank[p.Black] {
				loser = p.Black
			}
			if _, err := f.tab.Resign(f.ctx, p.GameID, loser, store.AnyPly); err != nil {
				t.Fatal(err)
			}
		}
	}
	tr = f.step(tr.ID, table.StepFinished)
	var got []string
	for _, s := range table.Standings(&tr) {
		got = append(got, fmt.Sprintf("%d %s %g %g %d", s.Rank, s.Player.ID, s.Points, s.TieBreak, s.Games))
	}
	want := []string{"1 1 4 4 4", "2 2 2 0 4", "3 3 0 0 4"}
	if !slices.Equal(got, want) || tr.State != store.TournamentFinished {
		t.Errorf("final standings %q (%s), want %q", got, tr.State, want)
	}
}

// TestSwissThroughTable checks the refusals of a Swiss start, a player who
// leaves mid-round (their game resigned, then left out of the pairings),
// and a scheduled start with too few players, which cancels.
func TestSwissThroughTable(t *testing.T) {
	f := newFixture(t)
	dan := store.Player{ID: "4", Name: "dan"}
	tr := f.newTournament(store.Swiss, 3, time.Time{}, alice, bob, carol)
	_, err := f.tab.StartTournament(f.ctx, tr.ID)
	refused(t, err, "needs at least 4 players so that nobody meets twice; 3 have joined")
	if _, err := f.tab.JoinTournament(f.ctx, tr.ID, dan); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.StartTournament(f.ctx, tr.ID); err != nil {
		t.Fatal(err)
	}
	tr = f.step(tr.ID, table.StepRound)
	_, u, err := f.tab.LeaveTournament(f.ctx, tr.ID, dan.ID)
	if err != nil || u.Event != table.Resigned || !u.State.Game.Over() {
		t.Fatalf("dan leaves: %v, %v", u.Event, err)
	}
	for _, p := range tr.RoundPairings(1) {
		if g, _ := f.st.Game(f.ctx, p.GameID); !g.Over() {
			if _, err := f.tab.Resign(f.ctx, p.GameID, p.Black, store.AnyPly); err != nil {
				t.Fatal(err)
			}
		}
	}
	tr = f.step(tr.ID, table.StepRound)
	for _, p := range tr.RoundPairings(2) {
		if p.White == dan.ID || p.Black == dan.ID {
			t.Errorf("dan, who left, is paired in round 2: %+v", p)
		}
	}
	if ps := tr.RoundPairings(2); len(ps) != 2 || !ps[1].Bye() {
		t.Errorf("round 2 of three players: %+v; want a game and a bye", ps)
	}

	start := f.clock.Now().Add(time.Hour)
	lonely := f.newTournament(store.Swiss, 1, start, alice)
	f.step(lonely.ID, table.StepNone) // not yet
	f.clock.Add(time.Hour)
	s, err := f.tab.TournamentStep(f.ctx, lonely.ID)
	if err != nil || s.Event != table.StepCancelled || s.Tournament.State != store.TournamentCancelled {
		t.Fatalf("start time with one player: %+v, %v; want it cancelled", s, err)
	}
}

// TestTournamentAdministration runs a tournament's administration through
// the service alone: the rules of its creation, who may start, pause,
// resume and call it off, from which server, and what each does.
func TestTournamentAdministration(t *testing.T) {
	f := newFixture(t)
	create := func(format store.TournamentFormat, rounds int, startIn time.Duration) (store.Tournament, error) {
		return f.tab.CreateTournament(f.ctx, table.NewTournament{NewTournament: store.NewTournament{GuildID: "g", ChannelID: "c", Creator: alice,
			Variant: "zola", Format: format, Rounds: rounds, DaysPerMove: 1}, StartIn: startIn})
	}
	for _, tt := range []struct {
		format  store.TournamentFormat
		rounds  int
		startIn time.Duration
		want    string
	}{
		{store.Swiss, -1, 0, "A Swiss tournament has 1 to"},
		{store.Swiss, store.MaxTournamentRounds + 1, 0, "A Swiss tournament has 1 to"},
		{store.RoundRobin, 3, 0, "A round robin's rounds follow from its players"},
		{"knockout", 0, 0, "Choose the format: swiss or round robin."},
		{store.Swiss, 0, time.Second, "Start the tournament in 1 to 10080 minutes"},
		{store.Swiss, 0, table.MaxStartDelay + time.Minute, "Start the tournament in 1 to 10080 minutes"},
	} {
		_, err := create(tt.format, tt.rounds, tt.startIn)
		refused(t, err, tt.want)
	}
	tr, err := create(store.Swiss, 0, time.Hour)
	if err != nil || tr.Rounds != table.DefaultSwissRounds || !tr.StartsAt.Equal(f.clock.Now().Add(time.Hour)) {
		t.Fatalf("a Swiss tournament without rounds: %+v, %v; want %d rounds, starting in an hour", tr, err, table.DefaultSwissRounds)
	}

	tr = f.newTournament(store.RoundRobin, 0, time.Time{}, alice, bob, carol)
	creator, member := table.Director{User: alice.ID, GuildID: "g"}, table.Director{User: bob.ID, GuildID: "g"}
	manager := table.Director{User: carol.ID, GuildID: "g", Manager: true}
	_, err = f.tab.StartTournamentAs(f.ctx, tr.ID, member)
	reason(t, err, table.NotYours)
	_, err = f.tab.StartTournamentAs(f.ctx, tr.ID, table.Director{User: alice.ID, GuildID: "elsewhere", Manager: true})
	reason(t, err, table.NotHere)
	if tr, err = f.tab.StartTournamentAs(f.ctx, tr.ID, creator); err != nil || tr.State != store.TournamentRunning {
		t.Fatalf("start by its creator: %+v, %v", tr.State, err)
	}
	tr = f.step(tr.ID, table.StepRound)
	_, err = f.tab.PauseTournament(f.ctx, tr.ID, member)
	reason(t, err, table.NotYours)
	if tr, err = f.tab.PauseTournament(f.ctx, tr.ID, manager); err != nil || tr.State != store.TournamentPaused {
		t.Fatalf("pause by a manager: %+v, %v", tr.State, err)
	}
	for _, p := range tr.RoundPairings(1) {
		if !p.Bye() {
			if _, err := f.tab.Resign(f.ctx, p.GameID, p.Black, store.AnyPly); err != nil {
				t.Fatal(err)
			}
		}
	}
	f.step(tr.ID, table.StepNone) // paused: round 2 waits
	if tr, err = f.tab.ResumeTournament(f.ctx, tr.ID, creator); err != nil || tr.State != store.TournamentRunning {
		t.Fatalf("resume: %+v, %v", tr.State, err)
	}
	tr = f.step(tr.ID, table.StepRound)
	if tr.Round != 2 {
		t.Errorf("after resuming: round %d; want 2", tr.Round)
	}
	_, err = f.tab.CancelTournament(f.ctx, tr.ID, member)
	reason(t, err, table.NotYours)
	if tr, err = f.tab.CancelTournament(f.ctx, tr.ID, creator); err != nil || tr.State != store.TournamentCancelled {
		t.Fatalf("cancel: %+v, %v", tr.State, err)
	}
	if got := table.TieBreak(tr.Format).Label(); got != "S-B" {
		t.Errorf("a round robin's tie-break label %q; want S-B", got)
	}
}
