package table_test

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/store/pgtest"
	"github.com/zugbot/zugbot/table"
)

// next returns the next change on s, or fails after a generous wait.
func next(t *testing.T, s *feed.Subscription) feed.Change {
	t.Helper()
	select {
	case c := <-s.C:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no change published")
	}
	return feed.Change{}
}

// expectChanges checks that s delivers want, in order, and nothing else
// for now.
func expectChanges(t *testing.T, s *feed.Subscription, want ...feed.Change) {
	t.Helper()
	for i, w := range want {
		if got := next(t, s); got != w {
			t.Fatalf("change %d: %v; want %v", i, got, w)
		}
	}
	select {
	case c := <-s.C:
		t.Fatalf("an extra change: %v", c)
	default:
	}
}

// TestFeedOrder checks that every change the service makes is published,
// in order, with the game's version and ply after it: a start, moves, an
// offer declined, a takeback offered and accepted, a resignation; the AI's
// opening and an abort; a challenge made and accepted, which starts its
// game; a tournament's creation, sign-ups, start and round.
func TestFeedOrder(t *testing.T) {
	f := newFixture(t)
	all := f.tab.Feed().Subscribe(feed.Filter{})
	defer all.Close()
	ch := func(g, version int64, ply int, k feed.Kind) feed.Change {
		return feed.Change{Game: g, Version: version, Ply: ply, Kind: k}
	}

	g := f.start("zamma", "", false, person(alice), person(bob)).State
	id := g.Game.ID
	m := func(st store.State) string { return st.Position.FormatMove(st.Position.Moves(nil)[0]) }
	st := f.play(id, alice, m(g)).State
	f.play(id, bob, m(st))
	if _, err := f.tab.OfferDraw(f.ctx, id, alice.ID, table.DrawOptions{Confirmed: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.Answer(f.ctx, id, bob.ID, store.DrawOffer, 2, false); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.Takeback(f.ctx, id, bob.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.Answer(f.ctx, id, alice.ID, store.TakebackOffer, 2, true); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tab.Resign(f.ctx, id, alice.ID, 1); err != nil {
		t.Fatal(err)
	}
	expectChanges(t, all, ch(id, 1, 0, feed.Started), ch(id, 2, 1, feed.Moved), ch(id, 3, 2, feed.Moved), ch(id, 4, 2, feed.Offered),
		ch(id, 5, 2, feed.Declined), ch(id, 6, 2, feed.Offered), ch(id, 7, 1, feed.TookBack), ch(id, 8, 1, feed.Resigned))

	// Against the AI, which opens: its move is published after the start,
	// under the cause of the request that started the game.
	u, err := f.tab.PlayAI(store.WithCause(f.ctx, "r1"), table.AIGame{Variant: "zola", Player: alice, Level: 1, Colour: store.SecondColour})
	if err != nil {
		t.Fatal(err)
	}
	ai := u.State.Game.ID
	if _, err := f.tab.Abort(f.ctx, ai, 1, carol.ID); err != nil {
		t.Fatal(err)
	}
	expectChanges(t, all, ch(ai, 1, 0, feed.Started), feed.Change{Game: ai, Version: 2, Ply: 1, Kind: feed.Moved, Cause: "r1"}, ch(ai, 3, 1, feed.Aborted))

	// A challenge made, then accepted, which starts its game.
	c, err := f.tab.Challenge(f.ctx, store.NewChallenge{Challenger: alice, Opponent: bob, Variant: "zola", DaysPerMove: 1}, false)
	if err != nil {
		t.Fatal(err)
	}
	a, err := f.tab.AcceptChallenge(f.ctx, c.ID, bob)
	if err != nil {
		t.Fatal(err)
	}
	expectChanges(t, all, feed.Change{Challenge: c.ID, Kind: feed.Challenged}, feed.Change{Challenge: c.ID, Kind: feed.Accepted},
		ch(a.Game.State.Game.ID, 1, 0, feed.Started))

	// A tournament: created, joined, started; its round starts its games,
	// then says so.
	tr := f.newTournament(store.RoundRobin, 0, time.Time{}, alice, bob)
	if _, err := f.tab.StartTournament(f.ctx, tr.ID); err != nil {
		t.Fatal(err)
	}
	tr = f.step(tr.ID, table.StepRound)
	p := tr.RoundPairings(1)[0]
	step := func(k feed.Kind) feed.Change { return feed.Change{Tournament: tr.ID, Kind: k} }
	expectChanges(t, all, step(feed.Created), step(feed.Joined), step(feed.Joined), step(feed.Begun),
		feed.Change{Game: p.GameID, Tournament: tr.ID, Version: 1, Kind: feed.Started}, step(feed.Round))
}

// service opens the game service of Zola on the database at url, as a
// process of its own would.
func service(t *testing.T, url string) (*store.Store, *table.Table) {
	t.Helper()
	variants := []*engine.Variant{zola.Zola}
	st, err := store.Open(context.Background(), url, store.Options{Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	tab, err := table.New(table.Config{Store: st, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close) // before the store closes
	return st, tab
}

// The second process of TestFeedAcrossProcesses plays on the database at
// this address, with zola game helperGame.
const helperDB = "ZUGBOT_TABLE_TEST_DB"

// TestHelperProcess is the second process of TestFeedAcrossProcesses: a
// service of its own on the same PostgreSQL database, which plays a move
// in the game the first one started.
func TestHelperProcess(t *testing.T) {
	url := os.Getenv(helperDB)
	if url == "" {
		t.Skip("the second process of TestFeedAcrossProcesses")
	}
	id, err := strconv.ParseInt(os.Getenv(helperDB+"_GAME"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_, tab := service(t, url)
	g, err := tab.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Play(ctx, id, alice.ID, 0, g.Position.FormatMove(g.Position.Moves(nil)[0])); err != nil {
		t.Fatal(err)
	}
}

// TestFeedAcrossProcesses shows a change crossing from one process to
// another on PostgreSQL: a second process (this test binary again) plays
// a move, and the first one's Listener publishes it on its service's feed.
func TestFeedAcrossProcesses(t *testing.T) {
	srv, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Stop() }) // after the store, closed by service's cleanup
	url, err := srv.URL()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, tab := service(t, url)
	sub := tab.Feed().Subscribe(feed.Filter{})
	defer sub.Close()
	done := make(chan error, 1)
	go func() {
		done <- (&feed.Listener{URL: st.URL(), Bus: tab.Feed(), Origin: tab.Origin()}).Run(ctx)
	}()
	if c := next(t, sub); c.Kind != feed.Resync {
		t.Fatalf("the Listener's first change: %v; want a Resync once it listens", c)
	}
	u, err := tab.Start(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{person(alice), person(bob)}, DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	id := u.State.Game.ID
	expectChanges(t, sub, feed.Change{Game: id, Version: 1, Kind: feed.Started}) // its own, once: not echoed back

	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperDB+"="+url, helperDB+"_GAME="+strconv.FormatInt(id, 10))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the second process: %v\n%s", err, out)
	}
	if c := next(t, sub); c != (feed.Change{Game: id, Version: 2, Ply: 1, Kind: feed.Moved}) {
		t.Fatalf("from the other process: %v; want game %d's move", c, id)
	}
	if g, err := st.Game(ctx, id); err != nil || g.Ply != 1 {
		t.Errorf("the game after the other process's move: ply %d, %v", g.Ply, err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("the Listener: %v", err)
	}
}
