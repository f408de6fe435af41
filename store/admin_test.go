package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/rules"
)

// TestDeleteUser deletes a person who has a finished rated game, a game
// going on, a challenge and a server: a dry run changes nothing, and the
// deletion leaves nothing that names them while their opponent's games,
// ratings and history stay whole.
func TestDeleteUser(t *testing.T) {
	ctx := context.Background()
	s, clk := mustOpen(t, Options{})
	done, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, Rated: true, GuildID: "g1", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordMove(ctx, done.ID, 0, "a1xb1", End{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, done.ID, 1, End{Result: Win, Winner: 1, Reason: ReasonResignation, By: alice.ID}); err != nil {
		t.Fatal(err)
	}
	going, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: carol}, {Player: alice}}, DaysPerMove: 3, GuildID: "g1", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateChallenge(ctx, NewChallenge{Challenger: alice, Variant: "zola", GuildID: "g1", ChannelID: "c"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddWebSession(ctx, WebSession{IDHash: "aa", User: alice.ID, Game: going.ID, CSRF: "c", Expires: clk.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	// Alice, as a moderator, aborted a game between others.
	other, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: bob}, {Player: carol}}, GuildID: "g1", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, other.ID, 0, End{Result: Aborted, Reason: ReasonAdmin, By: alice.ID}); err != nil {
		t.Fatal(err)
	}
	bobBefore, _ := s.Rating(ctx, bob.ID, "zola")

	dry, err := s.DeleteUser(ctx, alice.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	want := Deletion{Player: true, Aborted: 1, Kept: 1, Challenges: 1, Ratings: 1, RatingChanges: 1, Memberships: 1}
	if dry != want {
		t.Errorf("dry run: %+v, want %+v", dry, want)
	}
	if p, err := s.Player(ctx, alice.ID); err != nil || p.Name != alice.Name {
		t.Fatalf("after a dry run: %+v, %v; want alice untouched", p, err)
	}
	if g, _ := s.Game(ctx, going.ID); g.Over() {
		t.Fatal("a dry run aborted a game")
	}

	got, err := s.DeleteUser(ctx, alice.ID, true)
	if err != nil || got != want {
		t.Fatalf("deletion: %+v, %v; want %+v", got, err, want)
	}
	if _, err := s.Player(ctx, alice.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("alice after the deletion: %v, want ErrNotFound", err)
	}
	if _, err := s.User(ctx, alice.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("alice's data after the deletion: %v, want ErrNotFound", err)
	}
	// Nothing in the database names her.
	for _, table := range []string{"players", "games", "challenges", "ratings", "rating_changes", "members", "web_sessions"} {
		rows, err := s.reads.QueryContext(ctx, `SELECT * FROM `+table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				if str, ok := v.(string); ok && (str == alice.ID || strings.Contains(str, alice.Name)) {
					t.Errorf("%s.%s still holds %q", table, cols[i], str)
				}
			}
		}
		rows.Close()
	}
	// Bob's game and rating stand: the game replays, under a pseudonym.
	st, err := s.Load(ctx, done.ID)
	if err != nil {
		t.Fatalf("the finished game no longer loads: %v", err)
	}
	if seat := st.Game.Seats[0]; seat.Name != DeletedName || seat.ID == alice.ID || len(st.Game.Changes) != 2 {
		t.Errorf("finished game's seat %+v and %d rating changes; want the pseudonym and both changes", seat, len(st.Game.Changes))
	}
	if bobAfter, _ := s.Rating(ctx, bob.ID, "zola"); bobAfter != bobBefore {
		t.Errorf("bob's rating %+v, want it unchanged %+v", bobAfter, bobBefore)
	}
	if g, _ := s.Game(ctx, going.ID); g.Result != Aborted || g.Reason != ReasonDeleted || g.Rated {
		t.Errorf("the game going on: %v %q rated %v; want aborted, unrated", g.Result, g.Reason, g.Rated)
	}
	// A second deletion finds nobody.
	if d, err := s.DeleteUser(ctx, alice.ID, true); err != nil || d.Player {
		t.Errorf("second deletion: %+v, %v", d, err)
	}
}

func TestResetRatings(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	for _, v := range []string{"zola", "zola8"} {
		g, err := s.CreateGame(ctx, NewGame{Variant: v, Seats: [2]Seat{{Player: alice}, {Player: bob}}, Rated: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Finish(ctx, g.ID, 0, End{Result: Win, Winner: 0, Reason: ReasonResignation, By: bob.ID}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		variant, player string
		commit          bool
		want            int64
	}{
		{"zola", alice.ID, false, 1},
		{"zola", alice.ID, true, 1},
		{"zola", "", true, 1}, // bob's
		{"", "", false, 2},    // both in zola8
		{"", "", true, 2},
		{"", "", true, 0},
	} {
		n, err := s.ResetRatings(ctx, tt.variant, tt.player, tt.commit)
		if err != nil || n != tt.want {
			t.Errorf("ResetRatings(%q, %q, %v) = %d, %v; want %d", tt.variant, tt.player, tt.commit, n, err, tt.want)
		}
	}
	if r, _ := s.Rating(ctx, alice.ID, "zola"); r.Rating != rules.InitialRating || r.Games != 0 {
		t.Errorf("alice's reset rating %+v, want a fresh %d", r, rules.InitialRating)
	}
}

func TestUserData(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 2}}, GuildID: "g7", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordMove(ctx, g.ID, 0, "a1xb1", End{}); err != nil {
		t.Fatal(err)
	}
	u, err := s.User(ctx, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if u.Player != alice || len(u.Servers) != 1 || u.Servers[0] != "g7" || len(u.Games) != 1 || len(u.Moves[0]) != 1 {
		t.Errorf("alice's data %+v", u)
	}
}
