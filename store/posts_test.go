package store

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/zugbot/zugbot/engine/zola"
)

// TestPosts: where the bot posted a game, a challenge and a tournament is
// read back as recorded, each kind apart; a board moved to a thread and
// back; a round's announcement never goes back; a thread finds its
// tournament and its games.
func TestPosts(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	post := func(what Posted, id int64, want Post) {
		t.Helper()
		if got, err := s.Post(ctx, what, id); err != nil || got != want {
			t.Errorf("Post(%s %d) = %+v, %v; want %+v", what, id, got, err, want)
		}
	}
	set := func(what Posted, id int64, thread, message string) {
		t.Helper()
		if err := s.SetPost(ctx, what, id, thread, message); err != nil {
			t.Fatal(err)
		}
	}
	post(PostedGame, g.ID, Post{}) // nothing posted yet
	set(PostedGame, g.ID, "", "m1")
	post(PostedGame, g.ID, Post{Message: "m1"})
	post(PostedChallenge, g.ID, Post{}) // another kind, the same id
	if err := s.SetDrawn(ctx, g.ID, g.Version); err != nil {
		t.Fatal(err)
	}
	set(PostedGame, g.ID, "t1", "m2") // moved to a thread with /board
	post(PostedGame, g.ID, Post{Thread: "t1", Message: "m2", Drawn: g.Version})
	if gs, err := s.Games(ctx, GameQuery{ChannelID: "t1"}); err != nil || len(gs) != 1 || gs[0].ID != g.ID {
		t.Errorf("the games of thread t1: %v, %v; want game %d", gs, err, g.ID)
	}
	set(PostedGame, g.ID, "", "m3") // and back to its channel
	post(PostedGame, g.ID, Post{Message: "m3", Drawn: g.Version})

	set(PostedChallenge, 4, "", "c4")
	post(PostedChallenge, 4, Post{Message: "c4"})

	tr, err := s.CreateTournament(ctx, NewTournament{GuildID: "g1", ChannelID: "c1", Creator: alice, Variant: "zola", Format: Swiss, Rounds: 3, DaysPerMove: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, round := range []int{2, 1} { // a late record of round 1 after round 2's
		if err := s.SetAnnounced(ctx, tr.ID, round); err != nil {
			t.Fatal(err)
		}
	}
	post(PostedTournament, tr.ID, Post{Announced: 2})
	set(PostedTournament, tr.ID, "", "s1")
	set(PostedTournament, tr.ID, "th1", "s1")
	post(PostedTournament, tr.ID, Post{Thread: "th1", Message: "s1", Announced: 2})
	for _, ch := range []string{"c1", "th1"} {
		if got, err := s.ChannelTournament(ctx, ch); err != nil || got.ID != tr.ID {
			t.Errorf("ChannelTournament(%s) = %d, %v; want %d", ch, got.ID, err, tr.ID)
		}
	}
	_, err = s.ChannelTournament(ctx, "t1")
	wantErr(t, "the tournament of a game's thread", err, ErrNotFound)
}

// TestUnshownGames: the games going on in a channel without a board are
// found, until one is posted.
func TestUnshownGames(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	web, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: carol}}}) // off Discord
	if err != nil {
		t.Fatal(err)
	}
	unshown := func(want ...int64) {
		t.Helper()
		if got, err := s.UnshownGames(ctx); err != nil || !slices.Equal(got, want) {
			t.Errorf("UnshownGames() = %v, %v; want %v (not %d, played off Discord)", got, err, want, web.ID)
		}
	}
	unshown(g.ID)
	if err := s.SetPost(ctx, PostedGame, g.ID, "t1", ""); err != nil { // a thread, no board yet
		t.Fatal(err)
	}
	unshown(g.ID)
	if err := s.SetPost(ctx, PostedGame, g.ID, "", "m1"); err != nil {
		t.Fatal(err)
	}
	unshown()
}

// TestSetFirstPost: of two boards posted for one game (two processes),
// the first recorded is the game's, and the second is told it is not.
func TestSetFirstPost(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	if first, err := s.SetFirstPost(ctx, PostedGame, g.ID, "", "m1"); err != nil || !first {
		t.Fatalf("the first board: %v, %v; want recorded", first, err)
	}
	if first, err := s.SetFirstPost(ctx, PostedGame, g.ID, "t2", "m2"); err != nil || first {
		t.Fatalf("a second board: %v, %v; want not recorded", first, err)
	}
	if got, err := s.Post(ctx, PostedGame, g.ID); err != nil || got != (Post{Message: "m1"}) {
		t.Errorf("the game's board: %+v, %v; want m1 in its channel", got, err)
	}
	// A game whose post has a thread but no message yet (a tournament's)
	// takes its first board.
	h := mustGame(t, s, alice, carol, false)
	if err := s.SetPost(ctx, PostedGame, h.ID, "t3", ""); err != nil {
		t.Fatal(err)
	}
	if first, err := s.SetFirstPost(ctx, PostedGame, h.ID, "t3", "m3"); err != nil || !first {
		t.Fatalf("the first board of a game with a thread: %v, %v; want recorded", first, err)
	}
}

func TestStaleBoards(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	stale := func(want ...int64) {
		t.Helper()
		got, err := s.StaleBoards(ctx)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("StaleBoards: %v, %v; want %v", got, err, want)
		}
	}
	drawn := func(version int64) {
		t.Helper()
		if err := s.SetDrawn(ctx, g.ID, version); err != nil {
			t.Fatal(err)
		}
	}
	stale() // no board message yet
	if err := s.SetPost(ctx, PostedGame, g.ID, "", "m1"); err != nil {
		t.Fatal(err)
	}
	stale(g.ID) // a new board, not yet recorded drawn: redrawn at start-up
	drawn(g.Version)
	stale()
	p := zola.Zola.Start()
	ms := p.Moves(nil)
	moved, err := s.RecordMove(ctx, g.ID, 0, p.FormatMove(ms[0]), End{})
	if err != nil {
		t.Fatal(err)
	}
	stale(g.ID)
	drawn(g.Version) // a record of an older drawing changes nothing
	stale(g.ID)
	drawn(moved.Version)
	stale()
	// Taken back and played otherwise: the same ply and result as drawn,
	// but another position, and a board behind it.
	if _, err := s.Takeback(ctx, g.ID, 1, 1); err != nil {
		t.Fatal(err)
	}
	other, err := s.RecordMove(ctx, g.ID, 0, p.FormatMove(ms[1]), End{})
	if err != nil {
		t.Fatal(err)
	}
	if other.Ply != moved.Ply || other.Version != moved.Version+2 {
		t.Errorf("played again at ply %d, version %d; want ply %d, version %d", other.Ply, other.Version, moved.Ply, moved.Version+2)
	}
	stale(g.ID)
	drawn(other.Version)
	stale()
	ended, err := s.Finish(ctx, g.ID, AnyPly, End{Result: Win, Winner: 1, Reason: ReasonResignation})
	if err != nil {
		t.Fatal(err)
	}
	stale(g.ID)
	drawn(ended.Version)
	stale()
}

// TestPostsMigrated: migration 0022 moves where the bot posted each game,
// challenge and tournament from their rows into discord_posts: a board
// behind its game stays behind.
func TestPostsMigrated(t *testing.T) {
	ctx := context.Background()
	path, ms := freshDB(t)
	k := slices.IndexFunc(ms, func(m migration) bool { return m.name == "0022_discord_posts" })
	old, err := open(ctx, path, Options{}, ms[:k])
	if err != nil {
		t.Fatal(err)
	}
	seedVersion1(t, old, true)
	for _, q := range []string{
		`UPDATE games SET version = 3, drawn_version = 2, thread_id = 't7', message_id = 'm7' WHERE id = 7`,
		`INSERT INTO games (public_id, id, variant, player0, player1, guild_id, channel_id, created_at, updated_at, version, drawn_version)
			VALUES ('00000000000000a8', 8, 'zola', '100', '200', 'g9', 'c9', 0, 0, 1, 1)`,
		`UPDATE challenges SET message_id = 'm3' WHERE id = 3`,
		`INSERT INTO tournaments (id, public_id, guild_id, channel_id, thread_id, message_id, creator_id, variant, format, rounds, rated,
			state, round, announced, created_at, updated_at)
			VALUES (5, '00000000000000b5', 'g9', 'c9', 'th5', 'm5', '100', 'zola', 'swiss', 3, 0, 'running', 2, 2, 0, 0)`,
	} {
		if _, err := old.writes.ExecContext(ctx, q); err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	old.Close()
	s, err := Open(ctx, path, Options{Variants: testVariants})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tt := range []struct {
		what Posted
		id   int64
		want Post
	}{
		{PostedGame, 7, Post{Thread: "t7", Message: "m7", Drawn: 2}},
		{PostedGame, 8, Post{}}, // no board: no row
		{PostedChallenge, 3, Post{Message: "m3"}},
		{PostedTournament, 5, Post{Thread: "th5", Message: "m5", Announced: 2}},
	} {
		if got, err := s.Post(ctx, tt.what, tt.id); err != nil || got != tt.want {
			t.Errorf("%s %d after the upgrade: %+v, %v; want %+v", tt.what, tt.id, got, err, tt.want)
		}
	}
	if ids, err := s.StaleBoards(ctx); err != nil || !reflect.DeepEqual(ids, []int64{7}) {
		t.Errorf("StaleBoards after the upgrade: %v, %v; want [7]", ids, err)
	}
	if tr, err := s.ChannelTournament(ctx, "th5"); err != nil || tr.ID != 5 {
		t.Errorf("the tournament of its thread after the upgrade: %d, %v", tr.ID, err)
	}
	var n int
	if err := s.reads.QueryRowContext(ctx, `SELECT count(*) FROM discord_posts`).Scan(&n); err != nil || n != 3 {
		t.Errorf("%d rows in discord_posts (%v), want 3", n, err)
	}
}

// TestDeleteUserPosts: deleting a person deletes their challenges' posts
// with their challenges; their finished games' boards stay, as the games.
func TestDeleteUserPosts(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	c, err := s.CreateChallenge(ctx, NewChallenge{Challenger: alice, Variant: "zola", GuildID: "g1", ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	g := mustFinish(t, s, mustPlay(t, s, mustGame(t, s, alice, bob, false).ID, 2), 0)
	for what, id := range map[Posted]int64{PostedChallenge: c.ID, PostedGame: g.ID} {
		if err := s.SetPost(ctx, what, id, "", "m"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.DeleteUser(ctx, alice.ID, true); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Post(ctx, PostedChallenge, c.ID); err != nil || p != (Post{}) {
		t.Errorf("the deleted challenge's post: %+v, %v; want none", p, err)
	}
	if p, err := s.Post(ctx, PostedGame, g.ID); err != nil || p.Message != "m" {
		t.Errorf("the kept game's board: %+v, %v; want m", p, err)
	}
}
