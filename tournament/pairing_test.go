package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// play gives the round's games random results.
func play(round Round, r *rand.Rand) Round {
	for i := range round {
		if !round[i].Bye() {
			round[i].Result = []float64{0, 0.5, 1}[r.IntN(3)]
			round[i].Played = true
		}
	}
	return round
}

// TestSwissRules plays many random Swiss tournaments (8 to 64 players,
// late joins and withdrawals, random results) and checks the rules of
// every pairing: everyone still in plays once a round, no pair meets
// twice, nobody has the same colour three times in a row, and nobody has a
// second bye while a player who was there from the start has had none.
// Rounds go up to 9, but to no more than half the players and one (more
// cannot always avoid rematches).
func TestSwissRules(t *testing.T) {
	tournaments := 300
	if testing.Short() {
		tournaments = 30
	}
	for seed := range uint64(tournaments) {
		r := rand.New(rand.NewPCG(seed, 11))
		n := 8 + r.IntN(57)
		var players []Player
		for i := range n {
			players = append(players, Player{ID: fmt.Sprint("p", i), Rating: 1200 + r.IntN(1000)})
		}
		rounds := 3 + r.IntN(min(9, n/2+1)-2)
		var done []Round
		joined := n
		for k := range rounds {
			// Now and then someone joins late or withdraws.
			switch r.IntN(6) {
			case 0:
				players = append(players, Player{ID: fmt.Sprint("p", joined), Rating: 1500})
				joined++
			case 1:
				i := r.IntN(len(players))
				players = slices.Delete(players, i, i+1)
			}
			round, err := Swiss(players, done)
			if err != nil {
				t.Fatalf("seed %d (%d players, round %d of %d): %v", seed, len(players), k+1, rounds, err)
			}
			checkRound(t, fmt.Sprintf("seed %d round %d", seed, k+1), players, done, round)
			done = append(done, play(round, r))
		}
	}
}

// checkRound checks one Swiss round against the rounds before it.
func checkRound(t *testing.T, what string, players []Player, before []Round, round Round) {
	t.Helper()
	seen := map[string]int{}
	for _, g := range round {
		seen[g.White]++
		if !g.Bye() {
			seen[g.Black]++
		}
	}
	for _, p := range players {
		if seen[p.ID] != 1 {
			t.Fatalf("%s: %s plays %d times", what, p.ID, seen[p.ID])
		}
	}
	if len(seen) != len(players) {
		t.Fatalf("%s: %d players in the round, %d in the tournament", what, len(seen), len(players))
	}
	rs := records(players, before)
	for _, g := range round {
		if g.Bye() {
			if rs[g.White].byes > 0 {
				for _, p := range players {
					if rs[p.ID].byes == 0 && len(rs[p.ID].colours) == len(before) {
						t.Errorf("%s: %s has a second bye while %s, there from the start, has none", what, g.White, p.ID)
						break
					}
				}
			}
			continue
		}
		w, b := rs[g.White], rs[g.Black]
		if w.opponents[b.ID] {
			t.Errorf("%s: %s and %s meet again", what, w.ID, b.ID)
		}
		if w.forbidden() == White || b.forbidden() == Black {
			t.Errorf("%s: %s (%v) or %s (%v) gets a third colour in a row", what, w.ID, w.colours, b.ID, b.colours)
		}
	}
}

func BenchmarkSwiss64(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var players []Player
	for i := range 64 {
		players = append(players, Player{ID: fmt.Sprint("p", i), Rating: 1200 + r.IntN(1000)})
	}
	var done []Round
	for range 8 {
		round, err := Swiss(players, done)
		if err != nil {
			b.Fatal(err)
		}
		done = append(done, play(round, r))
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Swiss(players, done); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRoundRobin checks the tables: every pair meets once (twice in a
// double round robin, with the colours swapped), each player at most once
// a round, every player a bye once when they are odd, and each player's
// whites and blacks apart by one at the most.
func TestRoundRobin(t *testing.T) {
	for n := 3; n <= 12; n++ {
		for _, double := range []bool{false, true} {
			var players []Player
			for i := range n {
				players = append(players, Player{ID: fmt.Sprint("p", i)})
			}
			rounds := RoundRobin(players, double)
			times := 1
			if double {
				times = 2
			}
			wantRounds := n - 1 + n%2
			if len(rounds) != wantRounds*times {
				t.Fatalf("%d players, double %v: %d rounds, want %d", n, double, len(rounds), wantRounds*times)
			}
			met := map[[2]string]int{}
			byes := map[string]int{}
			balance := map[string]int{}
			for k, round := range rounds {
				seen := map[string]bool{}
				for _, g := range round {
					for _, id := range []string{g.White, g.Black} {
						if id != "" && seen[id] {
							t.Fatalf("%d players: %s twice in round %d", n, id, k+1)
						}
						seen[id] = true
					}
					if g.Bye() {
						byes[g.White]++
						continue
					}
					met[[2]string{g.White, g.Black}]++
					balance[g.White]++
					balance[g.Black]--
				}
			}
			for i, a := range players {
				for _, b := range players[i+1:] {
					ab, ba := met[[2]string{a.ID, b.ID}], met[[2]string{b.ID, a.ID}]
					if ab+ba != times || double && (ab != 1 || ba != 1) {
						t.Errorf("%d players, double %v: %s-%s %d times, %s-%s %d", n, double, a.ID, b.ID, ab, b.ID, a.ID, ba)
					}
				}
				if n%2 == 1 && byes[a.ID] != times {
					t.Errorf("%d players: %s has %d byes, want %d", n, a.ID, byes[a.ID], times)
				}
				if !double && (balance[a.ID] > 1 || balance[a.ID] < -1) {
					t.Errorf("%d players: %s's whites less blacks %d", n, a.ID, balance[a.ID])
				}
			}
		}
	}
}

// TestStandings checks a small round robin against standings worked out
// by hand. a beats b and c and draws d; b beats c and d; c beats d.
// Points: a 2.5, b 2, c 1, d 0.5. Sonneborn–Berger: a = b 2 + c 1 +
// d 0.5/2 = 3.25; b = c 1 + d 0.5 = 1.5; c = d 0.5; d = a 2.5/2 = 1.25.
// Buchholz: a = 2+1+0.5 = 3.5; b = 2.5+1+0.5 = 4; c = 2.5+2+0.5 = 5;
// d = 2.5+2+1 = 5.5.
func TestStandings(t *testing.T) {
	players := []Player{{"a", 1600}, {"b", 1500}, {"c", 1400}, {"d", 1300}}
	g := func(w, b string, res float64) Game { return Game{White: w, Black: b, Result: res, Played: true} }
	rounds := []Round{
		{g("a", "b", 1), g("c", "d", 1)},
		{g("c", "a", 0), g("b", "d", 1)},
		{g("a", "d", 0.5), g("b", "c", 1)},
	}
	for _, tt := range []struct {
		tb   TieBreak
		want []string // id:points:tiebreak
	}{
		{SonnebornBerger, []string{"a:2.5:3.25", "b:2:1.5", "c:1:0.5", "d:0.5:1.25"}},
		{Buchholz, []string{"a:2.5:3.5", "b:2:4", "c:1:5", "d:0.5:5.5"}},
	} {
		var got []string
		for _, s := range Standings(players, rounds, tt.tb) {
			got = append(got, fmt.Sprintf("%s:%g:%g", s.Player.ID, s.Points, s.TieBreak))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("tie-break %d: %v, want %v", tt.tb, got, tt.want)
		}
	}
	// a scored 2.5 of 3 against 1500, 1400 and 1300: 1400 + 400×(2−0)/3.
	if s := Standings(players, rounds, Buchholz)[0]; s.Performance != 1667 || s.Games != 3 || s.Rank != 1 {
		t.Errorf("a's line %+v; want performance 1667 in 3 games", s)
	}
	// d forfeits to a: a point for a, but no game, and nothing for the
	// tie-breaks or the performance.
	rounds = append(rounds, Round{{White: "d", Black: "a", Result: 0, Played: true, Forfeit: true}})
	if s := Standings(players, rounds, Buchholz)[0]; s.Points != 3.5 || s.Games != 3 || s.TieBreak != 3.5 || s.Performance != 1667 {
		t.Errorf("a's line after a forfeit %+v; want 3.5 points, 3 games, Buchholz 3.5, performance 1667", s)
	}
}
