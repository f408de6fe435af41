package store

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/zugbot/zugbot/rules"
)

func TestRatedGame(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g := mustPlay(t, s, mustGame(t, s, alice, bob, true).ID, 2)
	c.Add(time.Hour)
	g = mustFinish(t, s, g, 0)
	want := []RatingChange{{Side: 0, Player: alice.ID, Before: 1500, After: 1520}, {Side: 1, Player: bob.ID, Before: 1500, After: 1480}}
	if !g.Rated || g.Capped || !reflect.DeepEqual(g.Changes, want) {
		t.Errorf("finished rated game: rated %v capped %v changes %+v; want changes %+v", g.Rated, g.Capped, g.Changes, want)
	}
	if reload, _ := s.Game(ctx, g.ID); !reflect.DeepEqual(reload, g) {
		t.Errorf("reloaded game differs:\n got %+v\nwant %+v", reload, g)
	}
	// The game holds the ratings its end made, as a board shows them, with
	// no read of its own.
	wantRatings := [2]Rating{{Player: alice, Variant: "zola", Rating: 1520, Peak: 1520, Games: 1}, {Player: bob, Variant: "zola", Rating: 1480, Peak: 1500, Games: 1}}
	if g.Ratings != wantRatings {
		t.Errorf("the finished game's ratings %+v; want %+v", g.Ratings, wantRatings)
	}
	ra, err := s.Rating(ctx, alice.ID, "zola")
	if err != nil {
		t.Fatal(err)
	}
	wantA := Rating{Player: alice, Variant: "zola", Rating: 1520, Peak: 1520, Games: 1, Wins: 1, Streak: 1, Updated: c.Now()}
	if ra != wantA {
		t.Errorf("alice's rating:\n got %+v\nwant %+v", ra, wantA)
	}
	rb, _ := s.Rating(ctx, bob.ID, "zola")
	wantB := Rating{Player: bob, Variant: "zola", Rating: 1480, Peak: 1500, Games: 1, Losses: 1, Streak: -1, Updated: c.Now()}
	if rb != wantB {
		t.Errorf("bob's rating:\n got %+v\nwant %+v", rb, wantB)
	}
	if r, _ := s.Rating(ctx, alice.ID, "zola8"); r.Rating != rules.InitialRating || r.Games != 0 || r.String() != "1500?" {
		t.Errorf("rating in an unplayed variant: %+v", r)
	}
	_, err = s.Rating(ctx, "nobody", "zola")
	wantErr(t, "rating of nobody", err, ErrNotFound)

	// A draw: bob gains from the stronger alice, streaks end.
	g = mustFinish(t, s, mustGame(t, s, bob, alice, true), -1)
	// Expected score of 1480 against 1520: 0.4428; 40·0.0572 = 2.29.
	want = []RatingChange{{Side: 0, Player: bob.ID, Before: 1480, After: 1482}, {Side: 1, Player: alice.ID, Before: 1520, After: 1518}}
	if !reflect.DeepEqual(g.Changes, want) {
		t.Errorf("draw changes %+v, want %+v", g.Changes, want)
	}
	ra, _ = s.Rating(ctx, alice.ID, "zola")
	if ra.Rating != 1518 || ra.Peak != 1520 || ra.Games != 2 || ra.Draws != 1 || ra.Streak != 0 {
		t.Errorf("alice after the draw: %+v", ra)
	}
}

func TestCasualAndAIGamesAreNotRated(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustFinish(t, s, mustGame(t, s, alice, bob, false), 0)
	ai, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	ai = mustFinish(t, s, ai, 0)
	for _, g := range []Game{g, ai} {
		if g.Rated || len(g.Changes) != 0 {
			t.Errorf("game %d: rated %v, changes %v", g.ID, g.Rated, g.Changes)
		}
	}
	pr, err := s.Profile(ctx, alice.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Ratings) != 0 || pr.Record != (Record{Wins: 2}) || len(pr.Recent) != 2 {
		t.Errorf("profile after casual games: %+v", pr)
	}
}

func TestFarmingCap(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	play := func(a, b Player) Game {
		t.Helper()
		c.Add(time.Hour)
		return mustFinish(t, s, mustGame(t, s, a, b, true), 0)
	}
	for i := range rules.RatedCap {
		if g := play(alice, bob); !g.Rated || g.Capped || len(g.Changes) != 2 {
			t.Fatalf("game %d of the day: rated %v capped %v", i+1, g.Rated, g.Capped)
		}
	}
	if n, _ := s.RatedRecently(ctx, bob.ID, alice.ID); n != rules.RatedCap {
		t.Errorf("RatedRecently = %d, want %d", n, rules.RatedCap)
	}
	before, _ := s.Rating(ctx, alice.ID, "zola")
	g := play(bob, alice) // the same pair, colours swapped
	if g.Rated || !g.Capped || len(g.Changes) != 0 {
		t.Errorf("game %d of the day: rated %v capped %v changes %v; want casual and capped", rules.RatedCap+1, g.Rated, g.Capped, g.Changes)
	}
	if reload, _ := s.Game(ctx, g.ID); reload.Rated || !reload.Capped {
		t.Errorf("stored capped game: rated %v capped %v", reload.Rated, reload.Capped)
	}
	if after, _ := s.Rating(ctx, alice.ID, "zola"); after != before {
		t.Errorf("a capped game changed the rating: %+v, was %+v", after, before)
	}
	// Other pairs are not affected.
	if g := play(alice, carol); !g.Rated {
		t.Errorf("a game against another player was capped")
	}
	// 24 hours after the first game ended, one more counts. The first
	// ended at 1h, the last at 5h; play adds an hour: this one ends at
	// 24h59.
	c.Add(24*time.Hour - 5*time.Hour - time.Minute)
	if g := play(alice, bob); g.Rated {
		t.Errorf("game 23h59 after the first counted for rating")
	}
	c.Add(2*time.Minute - time.Hour) // ends at 25h01
	if g := play(alice, bob); !g.Rated {
		t.Errorf("game once the first left the 24 hours was capped")
	}
}

// seedRatings writes n players with ratings in variant directly: player i
// is rated 1000+i and has played i%20 rated games, in guild g1 when i is
// even.
func seedRatings(tb testing.TB, s *Store, variant string, n int) {
	tb.Helper()
	err := s.write(context.Background(), func(tx querier) error {
		ctx := context.Background()
		for i := range n {
			id := fmt.Sprintf("p%05d", i)
			if _, err := tx.ExecContext(ctx, `INSERT INTO players VALUES (?, ?, 0, 0) ON CONFLICT DO NOTHING`, id, "Player "+id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 0, 0, 0, 0, 0)`, id, variant, 1000+i, 1000+i, i%20); err != nil {
				return err
			}
			if i%2 == 0 {
				if _, err := tx.ExecContext(ctx, `INSERT INTO members VALUES ('g1', ?) ON CONFLICT DO NOTHING`, id); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}

func TestLeaderboard(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	seedRatings(t, s, "zola", 40)
	seedRatings(t, s, "zola8", 5)
	names := func(b []Standing) string {
		out := ""
		for _, st := range b {
			out += fmt.Sprintf("%d:%s:%d ", st.Rank, st.Player.ID, st.Rating.Rating)
		}
		return out
	}
	tests := []struct {
		name string
		q    LeaderboardQuery
		want string
	}{
		// Players 10-19 and 30-39 have played 10 or more games.
		{"global", LeaderboardQuery{Variant: "zola", Limit: 3}, "1:p00039:1039 2:p00038:1038 3:p00037:1037 "},
		{"global, page 2", LeaderboardQuery{Variant: "zola", Limit: 3, Offset: 9}, "10:p00030:1030 11:p00019:1019 12:p00018:1018 "},
		{"server", LeaderboardQuery{Variant: "zola", GuildID: "g1", Limit: 3}, "1:p00038:1038 2:p00036:1036 3:p00034:1034 "},
		{"at least 19 games", LeaderboardQuery{Variant: "zola", MinGames: 19}, "1:p00039:1039 2:p00019:1019 "},
		{"nobody eligible", LeaderboardQuery{Variant: "zola8"}, ""},
		{"unknown server", LeaderboardQuery{Variant: "zola", GuildID: "g2"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := s.Leaderboard(ctx, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(b); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	all, _ := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola", Limit: 100})
	if len(all) != 20 {
		t.Errorf("%d eligible players, want 20", len(all))
	}

	// The minimum is configurable.
	s2, _ := mustOpen(t, Options{MinRatedGames: 3})
	seedRatings(t, s2, "zola8", 5)
	if b, _ := s2.Leaderboard(ctx, LeaderboardQuery{Variant: "zola8"}); names(b) != "1:p00004:1004 2:p00003:1003 " {
		t.Errorf("with MinRatedGames 3: got %q", names(b))
	}
}

func TestLeaderboardFromGames(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{MinRatedGames: 2})
	// Alice beats Bob twice; Carol beats Alice once in another server.
	for range 2 {
		c.Add(time.Hour)
		mustFinish(t, s, mustGame(t, s, alice, bob, true), 0)
	}
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: carol}, {Player: alice}}, GuildID: "g2", Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	mustFinish(t, s, g, 0)
	b, _ := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola", GuildID: "g1"})
	if len(b) != 2 || b[0].Player != alice || b[1].Player != bob || b[0].Games != 3 || b[0].Rating.String() != fmt.Sprintf("%d?", b[0].Rating.Rating) {
		t.Errorf("server g1: %+v", b)
	}
	b, _ = s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola", GuildID: "g2"})
	if len(b) != 1 || b[0].Player != alice { // Carol has one game only
		t.Errorf("server g2: %+v", b)
	}
}

func TestProfileAndHeadToHead(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	results := []struct {
		a, b   Player
		winner int
		rated  bool
	}{
		{alice, bob, 0, true},    // alice wins
		{bob, alice, 0, true},    // bob wins
		{alice, bob, -1, true},   // draw
		{alice, bob, 0, false},   // alice wins, casual
		{alice, carol, 1, false}, // carol wins
	}
	var last Game
	for _, r := range results {
		c.Add(time.Hour)
		last = mustFinish(t, s, mustGame(t, s, r.a, r.b, r.rated), r.winner)
	}
	mustGame(t, s, alice, carol, false) // active
	aborted := mustGame(t, s, alice, bob, true)
	if _, err := s.Finish(ctx, aborted.ID, 0, End{Result: Aborted, Reason: ReasonNoStart}); err != nil {
		t.Fatal(err)
	}

	pr, err := s.Profile(ctx, alice.ID, 3)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Player != alice || pr.Active != 1 || pr.Record != (Record{Wins: 2, Draws: 1, Losses: 2}) {
		t.Errorf("profile: player %+v active %d record %+v", pr.Player, pr.Active, pr.Record)
	}
	if len(pr.Ratings) != 1 || pr.Ratings[0].Games != 3 || pr.Ratings[0].Wins != 1 || pr.Ratings[0].Draws != 1 || pr.Ratings[0].Losses != 1 {
		t.Errorf("profile ratings: %+v", pr.Ratings)
	}
	if len(pr.Recent) != 3 || pr.Recent[0].ID != aborted.ID || pr.Recent[1].ID != last.ID {
		t.Errorf("recent games: %+v", pr.Recent)
	}
	_, err = s.Profile(ctx, "nobody", 0)
	wantErr(t, "profile of nobody", err, ErrNotFound)

	h, err := s.HeadToHead(ctx, alice.ID, bob.ID, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if h.Record != (Record{Wins: 2, Draws: 1, Losses: 1}) || h.Rated != (Record{Wins: 1, Draws: 1, Losses: 1}) || len(h.Recent) != 5 {
		t.Errorf("alice against bob: %+v %+v, %d games", h.Record, h.Rated, len(h.Recent))
	}
	h, _ = s.HeadToHead(ctx, bob.ID, alice.ID, "zola", 2)
	if h.Record != (Record{Wins: 1, Draws: 1, Losses: 2}) || len(h.Recent) != 2 {
		t.Errorf("bob against alice: %+v, %d games", h.Record, len(h.Recent))
	}
	h, _ = s.HeadToHead(ctx, bob.ID, alice.ID, "zola8", 0)
	if h.Record != (Record{}) || len(h.Recent) != 0 {
		t.Errorf("bob against alice in zola8: %+v, %d games", h.Record, len(h.Recent))
	}
}

// TestLeaderboardLargeServer checks both ways of making a server's
// leaderboard (from the top of the ratings for a large server, from the
// members for a small one) against the ratings filtered by hand.
func TestLeaderboardLargeServer(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	const n = 4 * smallServer // g1 has every even player: 2·smallServer members
	seedRatings(t, s, "zola", n)
	for i := 0; i < 60; i += 3 {
		if _, err := s.writes.ExecContext(context.Background(), `INSERT INTO members VALUES ('small', ?)`, fmt.Sprintf("p%05d", i)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		guild  string
		member func(i int) bool
	}{
		{"g1", func(i int) bool { return i%2 == 0 }},
		{"small", func(i int) bool { return i < 60 && i%3 == 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.guild, func(t *testing.T) {
			var want []string
			for i := n - 1; i >= 0 && len(want) < 15; i-- {
				if i%20 >= DefaultMinRatedGames && tt.member(i) {
					want = append(want, fmt.Sprintf("%d:p%05d", len(want)+1, i))
				}
			}
			want = want[5:] // the second page of 10
			board, err := s.Leaderboard(ctx, LeaderboardQuery{Variant: "zola", GuildID: tt.guild, Offset: 5})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, st := range board {
				got = append(got, fmt.Sprintf("%d:%s", st.Rank, st.Player.ID))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}
