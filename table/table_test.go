package table_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
	"github.com/zugbot/zugbot/feed"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
	"github.com/zugbot/zugbot/think"
)

var (
	alice = store.Player{ID: "1", Name: "alice"}
	bob   = store.Player{ID: "2", Name: "bob"}
	carol = store.Player{ID: "3", Name: "carol"}
)

// clock is a test clock that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fixture is a table on a real SQLite file.
type fixture struct {
	t     testing.TB
	ctx   context.Context
	st    *store.Store
	tab   *table.Table
	pool  *think.Pool // the table's Thinker
	clock *clock
}

func newFixture(t testing.TB, opts ...func(*table.Config)) *fixture {
	t.Helper()
	variants := []*engine.Variant{zola.Zola, zola.Zola4, zamma.Zamma, zonal.Chess}
	c := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Now: c.Now, Variants: variants})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := table.Config{Store: st, Variants: variants, Now: c.Now, Seed: 1, AIThink: 50 * time.Millisecond}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.Thinker == nil {
		cfg.Thinker = think.New(think.Config{})
	}
	tab, err := table.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close) // before the store closes
	return &fixture{t: t, ctx: ctx, st: st, tab: tab, pool: cfg.Thinker.(*think.Pool), clock: c}
}

// start starts a game of variant between two seats, from start ("" for the
// variant's own).
func (f *fixture) start(variant, start string, rated bool, a, b store.Seat) table.Update {
	f.t.Helper()
	days := 0
	if !a.IsAI() && !b.IsAI() {
		days = 1
	}
	u, err := f.tab.Start(f.ctx, store.NewGame{Variant: variant, Start: start, Seats: [2]store.Seat{a, b}, Rated: rated, DaysPerMove: days, ChannelID: "c"})
	if err != nil {
		f.t.Fatalf("Start: %v", err)
	}
	if u.Event != table.Started {
		f.t.Fatalf("Start: event %v, want Started", u.Event)
	}
	return u
}

func (f *fixture) play(id int64, p store.Player, move string) table.Update {
	f.t.Helper()
	u, err := f.tab.Play(f.ctx, id, p.ID, -1, move)
	if err != nil {
		f.t.Fatalf("%s plays %s: %v", p.Name, move, err)
	}
	return u
}

// refused checks that err is a refusal whose text contains want.
func refused(t *testing.T, err error, want string) {
	t.Helper()
	var r *table.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("error %v, want a refusal containing %q", err, want)
	}
	if !strings.Contains(r.Error(), want) {
		t.Errorf("refusal %q, want it to contain %q", r.Error(), want)
	}
}

func person(p store.Player) store.Seat { return store.Seat{Player: p} }

func TestPlayBetweenPeople(t *testing.T) {
	f := newFixture(t)
	g := f.start("zola", "", true, person(alice), person(bob)).State.Game
	first := f.start("zola", "", true, person(alice), person(bob)).State // for a legal first move
	move := first.Position.FormatMove(first.Position.Moves(nil)[0])

	_, err := f.tab.Play(f.ctx, g.ID, bob.ID, -1, move)
	refused(t, err, "It is not your turn in game")
	_, err = f.tab.Play(f.ctx, g.ID, carol.ID, -1, move)
	refused(t, err, "You are not a player in game")
	_, err = f.tab.Play(f.ctx, g.ID, alice.ID, -1, "z9-z9")
	refused(t, err, "Game #")
	_, err = f.tab.Play(f.ctx, g.ID, alice.ID, 3, move)
	refused(t, err, "has changed since you looked at it")
	_, err = f.tab.Play(f.ctx, g.ID, alice.ID, -1, strings.Repeat("a", table.MaxMoveLen+1))
	refused(t, err, "no move is longer than 100")
	_, err = f.tab.Play(f.ctx, 999, alice.ID, -1, move)
	refused(t, err, "There is no game #999")
	if st, _ := f.tab.Load(f.ctx, g.ID); st.Game.Ply != 0 {
		t.Fatalf("refused moves changed the game: ply %d", st.Game.Ply)
	}

	u := f.play(g.ID, alice, move)
	if u.Event != table.Moved || len(u.Moves) != 1 || u.Moves[0] != move || u.Side != 0 {
		t.Errorf("update %+v, want alice's move %s", u, move)
	}
	if seat, ok := table.PersonToMove(&u.State); !ok || seat.ID != bob.ID {
		t.Errorf("Ping() = %v, %v; want bob, whose turn it is", seat, ok)
	}
	if u.State.Game.Ply != 1 {
		t.Errorf("ply %d after one move, want 1", u.State.Game.Ply)
	}
	// Reply does nothing when a person is to move.
	r, err := f.tab.Reply(f.ctx, g.ID, table.Moved)
	if err != nil || len(r.Moves) != 0 {
		t.Errorf("Reply with bob to move: %v, %v; want nothing played", r.Moves, err)
	}
	st, err := f.st.Load(f.ctx, g.ID)
	if err != nil || len(st.Moves) != 1 || st.Moves[0].Notation != move {
		t.Errorf("stored moves %v (%v), want [%s]", st.Moves, err, move)
	}
}

func TestCheck(t *testing.T) {
	f := newFixture(t)
	// On 4×4, a game where White's capture ends it.
	g := f.start("zola4", "", false, person(alice), person(bob)).State
	p := g.Position
	m := p.Moves(nil)[0]
	st, ends, err := f.tab.Check(f.ctx, g.Game.ID, alice.ID, -1, p.FormatMove(m))
	if err != nil || st.Game.ID != g.Game.ID {
		t.Fatalf("Check: %v", err)
	}
	q := p.Clone()
	q.Do(m)
	if ends != q.Outcome().Over() {
		t.Errorf("Check says ends=%v, the position says %v", ends, q.Outcome().Over())
	}
	if got, _ := f.tab.Load(f.ctx, g.Game.ID); got.Game.Ply != 0 {
		t.Errorf("Check played the move: ply %d", got.Game.Ply)
	}
	_, _, err = f.tab.Check(f.ctx, g.Game.ID, bob.ID, -1, p.FormatMove(m))
	refused(t, err, "not your turn")
}

func TestGameEnds(t *testing.T) {
	f := newFixture(t)
	// Zola 4×4: play random legal moves until the game ends; the last move
	// records the end and rates the game.
	g := f.start("zola4", "", true, person(alice), person(bob)).State.Game
	players := [2]store.Player{alice, bob}
	for i := 0; ; i++ {
		st, err := f.tab.Load(f.ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if st.Game.Over() {
			if st.Game.Result != store.Win || len(st.Game.Changes) != 2 {
				t.Errorf("finished game: result %v, ratings %v; want a rated win", st.Game.Result, st.Game.Changes)
			}
			o := st.Position.Outcome()
			if st.Game.Winner != o.Winner || st.Game.Reason != store.ReasonRule || st.Game.Rule != o.Reason {
				t.Errorf("stored end %v %q, the position says %v %q", st.Game.Winner, st.Game.Why(), o.Winner, o.Reason)
			}
			_, err := f.tab.Play(f.ctx, g.ID, alice.ID, -1, "a1xb1")
			refused(t, err, "is over")
			return
		}
		if i > 200 {
			t.Fatal("the game did not end")
		}
		moves := st.Position.Moves(nil)
		u := f.play(g.ID, players[st.Position.Turn()], st.Position.FormatMove(moves[i%len(moves)]))
		if _, ok := table.PersonToMove(&u.State); ok == u.State.Game.Over() {
			t.Errorf("Ping() = %v with the game over=%v", ok, u.State.Game.Over())
		}
	}
}

// TestAIReplies checks that the service thinks the AI's reply itself
// after a move that leaves the AI to move: awaited, in the move's answer,
// and published under the move's cause, which Awaited leaves to the
// caller; not awaited, as a change on the feed that no caller shows.
func TestAIReplies(t *testing.T) {
	f := newFixture(t)
	all := f.tab.Feed().Subscribe(feed.Filter{})
	defer all.Close()
	// The AI moves first: Start plays its opening.
	u := f.start("zola", "", false, store.Seat{AI: 1}, person(alice))
	if len(u.Moves) != 1 || u.State.Game.Ply != 1 {
		t.Fatalf("Start with the AI first: moves %v, ply %d; want its opening", u.Moves, u.State.Game.Ply)
	}
	if seat, ok := table.PersonToMove(&u.State); !ok || seat.ID != alice.ID {
		t.Errorf("Ping() = %v, %v; want alice", seat, ok)
	}
	id := u.State.Game.ID
	next(t, all) // Started
	if c := next(t, all); c.Kind != feed.Moved || c.Cause == "" || !f.tab.Awaited("", c.Cause) {
		t.Errorf("the opening's change %v, cause %q: want it left to Start, which showed it", c, c.Cause)
	}

	p := u.State.Position
	mine, err := f.tab.PlayIn(store.WithCause(f.ctx, "move-1"), u.State, alice.ID, -1, p.FormatMove(p.Moves(nil)[0]), table.PlayOptions{AwaitReply: true})
	if err != nil {
		t.Fatal(err)
	}
	r := mine.Reply
	if len(mine.Moves) != 1 || r == nil || len(r.Moves) != 1 || r.State.Game.Ply != 3 || table.AIToMove(&r.State) {
		t.Fatalf("PlayIn awaiting the reply: %v, then %+v; want alice's move, then one reply with alice to move", mine.Moves, r)
	}
	st, _ := f.st.Load(f.ctx, id)
	if got := st.Moves[2].Notation; got != r.Moves[0] {
		t.Errorf("stored reply %s, Update says %s", got, r.Moves[0])
	}
	expectChanges(t, all, feed.Change{Game: id, Version: 3, Ply: 2, Kind: feed.Moved}, feed.Change{Game: id, Version: 4, Ply: 3, Kind: feed.Moved, Cause: "move-1"})
	if !f.tab.Awaited("", "move-1") || f.tab.Awaited("web", "move-1") {
		t.Error("Awaited(move-1): want true for the adapter that awaited it (an adapter following the feed would show the reply PlayIn returned), and false for another")
	}

	// Not awaited: the reply comes by itself, and nobody has shown it.
	p = r.State.Position
	if u := f.play(id, alice, p.FormatMove(p.Moves(nil)[0])); u.Reply != nil {
		t.Errorf("Play returned a reply it did not await: %+v", u.Reply)
	}
	next(t, all) // alice's move
	c := next(t, all)
	if c.Kind != feed.Moved || c.Ply != 5 || c.Cause == "" || f.tab.Awaited("", c.Cause) {
		t.Errorf("the reply nobody awaited: %v, cause %q, awaited %v; want ply 5, with a cause nobody awaited", c, c.Cause, f.tab.Awaited("", c.Cause))
	}
}

func TestResign(t *testing.T) {
	f := newFixture(t)
	g := f.start("zola", "", true, person(alice), person(bob)).State.Game
	_, err := f.tab.Resign(f.ctx, g.ID, carol.ID, 0)
	refused(t, err, "not a player")
	_, err = f.tab.Resign(f.ctx, g.ID, bob.ID, 5)
	refused(t, err, "has changed")
	u, err := f.tab.Resign(f.ctx, g.ID, bob.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if gg := u.State.Game; u.Event != table.Resigned || gg.Result != store.Win || gg.Winner != 0 || gg.Reason != store.ReasonResignation {
		t.Errorf("after bob resigns: %+v; want alice to win by resignation", gg)
	}
	_, err = f.tab.CanResign(f.ctx, g.ID, alice.ID)
	refused(t, err, "already over")
}

// noConfirm offers a draw without confirming a count.
var noConfirm = table.DrawOptions{Confirmed: -1}

func TestDrawOffers(t *testing.T) {
	f := newFixture(t)
	z := f.start("zola", "", false, person(alice), person(bob)).State.Game
	_, err := f.tab.OfferDraw(f.ctx, z.ID, alice.ID, noConfirm)
	refused(t, err, "Zola has no draws and no agreed ending")

	g := f.start("chess", "", true, person(alice), person(bob)).State.Game
	u, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, noConfirm)
	if err != nil || u.Event != table.Offered || u.Offer.Kind != store.DrawOffer || u.Offer.By != 0 {
		t.Fatalf("alice offers a draw: %+v, %v", u, err)
	}
	_, err = f.tab.OfferDraw(f.ctx, g.ID, alice.ID, noConfirm)
	refused(t, err, "You have already offered this")
	_, err = f.tab.Answer(f.ctx, g.ID, alice.ID, store.DrawOffer, 0, true)
	refused(t, err, "your own offer")
	_, err = f.tab.Answer(f.ctx, g.ID, bob.ID, store.TakebackOffer, 0, true)
	refused(t, err, "no longer open")
	// Offering back agrees.
	u, err = f.tab.OfferDraw(f.ctx, g.ID, bob.ID, noConfirm)
	if err != nil || u.Event != table.Agreed || u.State.Game.Result != store.Draw {
		t.Fatalf("bob offers back: %+v, %v; want a draw", u.State.Game, err)
	}

	// Declined, then the game goes on.
	g = f.start("chess", "", false, person(alice), person(bob)).State.Game
	if _, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, noConfirm); err != nil {
		t.Fatal(err)
	}
	u, err = f.tab.Answer(f.ctx, g.ID, bob.ID, store.DrawOffer, 0, false)
	if err != nil || u.Event != table.Declined || u.State.Game.Over() || u.State.Game.Offer.Kind != store.NoOffer {
		t.Fatalf("bob declines: %+v, %v", u, err)
	}
	// Accepted with the button.
	if _, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, noConfirm); err != nil {
		t.Fatal(err)
	}
	u, err = f.tab.Answer(f.ctx, g.ID, bob.ID, store.DrawOffer, 0, true)
	if err != nil || u.Event != table.Agreed || u.State.Game.Result != store.Draw || u.State.Game.Reason != store.ReasonAgreement {
		t.Fatalf("bob accepts: %+v, %v", u.State.Game, err)
	}
}

// TestAgreementWithTheAI checks the AI's answer to a draw offer: by its
// own judgement, in won, lost and level positions of each game with an
// agreement; a counted ending that it loses is declined and one that it
// wins accepted; and an offer made again before the game moves on is
// refused without another search.
func TestAgreementWithTheAI(t *testing.T) {
	var searches atomic.Int64 // AI work queued: the pool's Queued hook
	f := newFixture(t, func(c *table.Config) {
		c.Thinker = think.New(think.Config{Queued: func(n int) {
			if n > 0 {
				searches.Add(1)
			}
		}})
	})
	// ai starts a game of variant from start between alice and the AI at
	// level 5, the AI to move second (or first, when aiFirst), with no
	// reply played yet.
	ai := func(variant, start string, aiFirst bool) store.Game {
		t.Helper()
		seats := [2]store.Seat{person(alice), {AI: 5}}
		if aiFirst {
			seats[0], seats[1] = seats[1], seats[0]
		}
		g, err := f.st.CreateGame(f.ctx, store.NewGame{Variant: variant, Start: start, Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	declined := func(g store.Game, want string) {
		t.Helper()
		before := searches.Load()
		_, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, table.DrawOptions{Confirmed: g.Ply})
		refused(t, err, want)
		if searches.Load() == before && !strings.Contains(want, "counted now") {
			t.Errorf("game %d: declined without a search", g.ID)
		}
		st, err := f.tab.Load(f.ctx, g.ID)
		if err != nil || st.Game.Over() || st.Game.Offer.Kind != store.NoOffer {
			t.Fatalf("after the decline: %+v, %v; want the game to go on with no offer", st.Game, err)
		}
		// Again at once: refused without another search.
		before = searches.Load()
		_, err = f.tab.OfferDraw(f.ctx, g.ID, alice.ID, table.DrawOptions{Confirmed: g.Ply})
		refused(t, err, "zugbot has already declined a draw at this move")
		if searches.Load() != before {
			t.Errorf("game %d: the offer made again was judged again", g.ID)
		}
	}
	accepted := func(g store.Game, result store.Result, winner engine.Side) {
		t.Helper()
		u, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, table.DrawOptions{Confirmed: g.Ply})
		if err != nil || !u.ByAI || u.Event != table.Agreed || u.State.Game.Result != result || (result == store.Win && u.State.Game.Winner != winner) {
			t.Fatalf("game %d: %+v, %v; want the AI to accept: %v", g.ID, u.State.Game, err, result)
		}
	}

	// Chess: a queen ahead, the AI declines; a queen behind, it accepts.
	g := ai("chess", "4k3/8/8/8/8/8/8/4K2q w - - 0 1", false)
	declined(g, "zugbot declines the draw in game")
	// Once the game has moved on, the AI judges again.
	f.play(g.ID, alice, "Kd2")
	if err := f.tab.ReplyDone(g.ID); err != nil {
		t.Fatal(err)
	}
	declined(g, "zugbot declines the draw in game")
	accepted(ai("chess", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", false), store.Draw, 0)
	// A fortress: locked pawns that neither king can pass. Level, so
	// declined in the opening, and accepted after it.
	g = ai("chess", "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1", false)
	declined(g, "zugbot declines the draw in game")
	for _, m := range []string{"Kb1", "Kc1", "Kd1", "Ke1", "Kf1", "Kg1", "Kh1", "Kh2", "Kg2", "Kf2"} {
		f.play(g.ID, alice, m)
		if err := f.tab.ReplyDone(g.ID); err != nil {
			t.Fatal(err)
		}
	}
	accepted(g, store.Draw, 0)

	// Zamma, where agreeing means counting: equal counts, but the AI (to
	// move) takes a man at once, so it declines.
	declined(ai("zamma", "8w/9/9/4w4/4b4/9/9/9/b8 b 0", true), "zugbot declines the draw in game")
	// Counted now, Black (alice) would win 2 to 1: declined without a search.
	declined(ai("zamma", "9/9/9/9/9/9/9/bb7/8W b 0", false), "zugbot declines: counted now, Black has more counters (2 to 1), so you would win")
	// The other way round, the AI accepts and wins on the count.
	accepted(ai("zamma", "9/9/9/9/9/9/9/bb7/8W w 0", true), store.Win, zamma.Black)
}

// TestCountedOfferNeedsConfirmation checks that an agreed ending decided
// by a count is offered only once confirmed: unconfirmed, the offer says
// what the count gives and changes nothing.
func TestCountedOfferNeedsConfirmation(t *testing.T) {
	f := newFixture(t)
	g := f.start("zamma", "9/9/9/9/9/9/9/bb7/8W w 0", false, person(bob), person(alice)).State.Game
	_, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, noConfirm)
	var c *table.Confirmation
	if !errors.As(err, &c) {
		t.Fatalf("unconfirmed counted offer: %v; want a *table.Confirmation", err)
	}
	want := "In Zamma, ending game #1 by agreement means counting the counters now: Black has more counters (2 to 1), so you would lose. Offer it?"
	if c.Error() != want || c.Ply != g.Ply || c.Game != g.ID {
		t.Errorf("confirmation %q at ply %d; want %q at ply %d", c.Error(), c.Ply, want, g.Ply)
	}
	st, err := f.tab.Load(f.ctx, g.ID)
	if err != nil || st.Game.Over() || st.Game.Offer.Kind != store.NoOffer {
		t.Fatalf("after an unconfirmed offer: %+v, %v; want nothing offered", st.Game, err)
	}
	if _, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, table.DrawOptions{Confirmed: g.Ply + 1}); !errors.As(err, &c) {
		t.Fatalf("confirmed at another ply: %v; want to be asked again", err)
	}
	u, err := f.tab.OfferDraw(f.ctx, g.ID, alice.ID, table.DrawOptions{Confirmed: c.Ply})
	if err != nil || u.Event != table.Offered {
		t.Fatalf("confirmed: %+v, %v; want the offer made", u, err)
	}
}

// TestNoTakebackInLiveGames checks that a live game has no takebacks,
// casual or rated, against a person or the AI, and that the refusal gives
// the clock as the reason.
func TestNoTakebackInLiveGames(t *testing.T) {
	f := newFixture(t)
	live := store.Clock{Base: 15 * time.Second}
	for _, tt := range []struct {
		name  string
		rated bool
		opp   store.Seat
	}{
		{"casual", false, person(bob)},
		{"rated", true, person(bob)},
		{"against the AI", false, store.Seat{AI: 1}},
	} {
		g, err := f.st.CreateGame(f.ctx, store.NewGame{Variant: "chess", Seats: [2]store.Seat{person(alice), tt.opp}, Rated: tt.rated, Clock: live})
		if err != nil {
			t.Fatal(err)
		}
		f.play(g.ID, alice, "e4")
		_, err = f.tab.Takeback(f.ctx, g.ID, alice.ID)
		refused(t, err, fmt.Sprintf("Game #%d is played on a live clock (15s+0): live games have no takebacks.", g.ID))
		st, err := f.tab.Load(f.ctx, g.ID)
		if err != nil || st.Game.Ply != 1 || st.Game.Offer.Kind != store.NoOffer {
			t.Errorf("%s: after the refusal %+v, %v; want ply 1 and no offer", tt.name, st.Game, err)
		}
	}
}

func TestTakeback(t *testing.T) {
	f := newFixture(t)
	// Against the AI: at once, back to before the player's own last move.
	u := f.start("zola", "", false, person(alice), store.Seat{AI: 1})
	id := u.State.Game.ID
	_, err := f.tab.Takeback(f.ctx, id, alice.ID)
	refused(t, err, "You have not moved yet")
	p := u.State.Position
	f.play(id, alice, p.FormatMove(p.Moves(nil)[0]))
	if err := f.tab.ReplyDone(id); err != nil {
		t.Fatal(err)
	}
	u, err = f.tab.Takeback(f.ctx, id, alice.ID)
	if err != nil || u.Event != table.TookBack || u.State.Game.Ply != 0 || len(u.State.Moves) != 0 {
		t.Fatalf("takeback against the AI: %+v, %v; want back at ply 0", u.State.Game, err)
	}

	// Rated games have none.
	r := f.start("zola", "", true, person(alice), person(bob)).State
	f.play(r.Game.ID, alice, r.Position.FormatMove(r.Position.Moves(nil)[0]))
	_, err = f.tab.Takeback(f.ctx, r.Game.ID, alice.ID)
	refused(t, err, "is rated")

	// Between people: an offer, which the opponent accepts or declines.
	c := f.start("zola", "", false, person(alice), person(bob)).State
	f.play(c.Game.ID, alice, c.Position.FormatMove(c.Position.Moves(nil)[0]))
	u, err = f.tab.Takeback(f.ctx, c.Game.ID, alice.ID)
	if err != nil || u.Event != table.Offered || u.Offer.Undo != 1 {
		t.Fatalf("takeback offer: %+v, %v", u, err)
	}
	_, err = f.tab.Takeback(f.ctx, c.Game.ID, alice.ID)
	refused(t, err, "You have already asked")
	u, err = f.tab.Answer(f.ctx, c.Game.ID, bob.ID, store.TakebackOffer, 1, false)
	if err != nil || u.Event != table.Declined || u.State.Game.Ply != 1 {
		t.Fatalf("bob declines: %+v, %v", u, err)
	}
	if _, err := f.tab.Takeback(f.ctx, c.Game.ID, alice.ID); err != nil {
		t.Fatal(err)
	}
	u, err = f.tab.Answer(f.ctx, c.Game.ID, bob.ID, store.TakebackOffer, 1, true)
	if err != nil || u.Event != table.TookBack || u.State.Game.Ply != 0 {
		t.Fatalf("bob accepts: %+v, %v; want back at ply 0", u.State.Game, err)
	}
}

func TestTimeOut(t *testing.T) {
	f := newFixture(t)
	// Fewer than two plies: aborted.
	a := f.start("zola", "", true, person(alice), person(bob)).State.Game
	// Two plies: bob, to move, loses on time.
	b := f.start("zola", "", true, person(alice), person(bob)).State
	for _, who := range []store.Player{alice, bob} {
		st, _ := f.tab.Load(f.ctx, b.Game.ID)
		f.play(b.Game.ID, who, st.Position.FormatMove(st.Position.Moves(nil)[0]))
	}
	// The reminder comes first, for the player to move.
	f.clock.Add(20 * time.Hour)
	tasks, err := f.st.Due(f.ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	reminded := map[int64]string{}
	for _, tk := range tasks {
		if tk.Kind == store.Reminder {
			_, seat, ok, err := f.tab.Reminder(f.ctx, tk)
			if err != nil || !ok {
				t.Fatalf("Reminder: %v, %v", ok, err)
			}
			reminded[tk.GameID] = seat.ID
		}
	}
	if reminded[a.ID] != alice.ID || reminded[b.Game.ID] != alice.ID {
		t.Errorf("reminded %v; want alice in both games", reminded)
	}
	f.clock.Add(5 * time.Hour)
	tasks, err = f.st.Due(f.ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	ended := map[int64]table.Update{}
	for _, tk := range tasks {
		if tk.Kind != store.Deadline {
			continue
		}
		u, ok, err := f.tab.TimeOut(f.ctx, tk)
		if err != nil || !ok {
			t.Fatalf("TimeOut: %v, %v", ok, err)
		}
		ended[tk.GameID] = u
		// A second firing does nothing.
		if _, again, err := f.tab.TimeOut(f.ctx, tk); again || err != nil {
			t.Errorf("TimeOut fired twice: %v, %v", again, err)
		}
	}
	if g := ended[a.ID].State.Game; g.Result != store.Aborted || g.Reason != store.ReasonNoStart {
		t.Errorf("game without moves: %v %q; want aborted", g.Result, g.Reason)
	}
	if u := ended[b.Game.ID]; u.State.Game.Result != store.Win || u.State.Game.Winner != 1 || u.Side != 0 {
		t.Errorf("game after two plies: %+v; want alice (to move) to lose on time", u.State.Game)
	}
}

func TestAbortAndRematch(t *testing.T) {
	f := newFixture(t)
	g := f.start("zola", "", true, person(alice), person(bob)).State.Game
	_, err := f.tab.Rematch(f.ctx, g.ID, alice, "", nil)
	refused(t, err, "is still going")
	u, err := f.tab.Abort(f.ctx, g.ID, 0, carol.ID)
	if err != nil || u.State.Game.Result != store.Aborted || u.State.Game.EndedBy != carol.ID || len(u.State.Game.Changes) != 0 {
		t.Fatalf("Abort: %+v, %v", u.State.Game, err)
	}
	if got := table.ResultOf(zola.Zola, &u.State.Game, nil).String(); got != "Aborted by a moderator; not rated." {
		t.Errorf("result text %q", got)
	}
	_, err = f.tab.Abort(f.ctx, g.ID, 0, carol.ID)
	refused(t, err, "already over")
	rm, err := f.tab.Rematch(f.ctx, g.ID, bob, "c2", nil)
	if err != nil {
		t.Fatal(err)
	}
	// bob moved second, so he moves first in the rematch.
	if c := rm.Challenge; rm.Of.ID != g.ID || c.Colour != store.FirstColour || c.Challenger.ID != bob.ID || c.Opponent.ID != alice.ID || c.RematchOf != g.ID || c.ChannelID != "c2" {
		t.Errorf("Rematch: %+v; want bob's challenge to alice, moving first", rm)
	}
}

// TestConcurrentMoves plays the same move from two goroutines at once: one
// is played, the other refused, and the game has one move.
func TestConcurrentMoves(t *testing.T) {
	f := newFixture(t)
	st := f.start("zola", "", false, person(alice), person(bob)).State
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.tab.Play(f.ctx, st.Game.ID, alice.ID, 0, move)
		}()
	}
	wg.Wait()
	played := 0
	for _, err := range errs {
		var r *table.Refusal
		switch {
		case err == nil:
			played++
		case !errors.As(err, &r) || !strings.Contains(r.Error(), "has changed since you looked"):
			t.Errorf("a concurrent move got %v; want it refused as stale", err)
		}
	}
	got, _ := f.st.Load(f.ctx, st.Game.ID)
	if played != 1 || len(got.Moves) != 1 {
		t.Errorf("%d plays succeeded, %d moves stored; want 1 and 1", played, len(got.Moves))
	}
}

func TestTooManyGames(t *testing.T) {
	f := newFixture(t)
	for range f.st.MaxActiveGames() {
		f.start("zola", "", false, person(alice), store.Seat{AI: 1})
	}
	_, err := f.tab.Start(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{person(alice), {AI: 1}}})
	refused(t, err, "You already have the most games going at once (20)")
}

func TestDrawSide(t *testing.T) {
	f := newFixture(t)
	if f.tab.DrawSide(store.FirstColour) != 0 || f.tab.DrawSide(store.SecondColour) != 1 {
		t.Errorf("a chosen colour is not kept")
	}
	seen := map[engine.Side]bool{}
	for range 64 {
		seen[f.tab.DrawSide(store.RandomColour)] = true
	}
	if len(seen) != 2 {
		t.Errorf("64 random draws gave only %v", seen)
	}
}

func TestTexts(t *testing.T) {
	seats := [2]store.Seat{{Player: alice}, {AI: 5}}
	for _, tt := range []struct {
		g          store.Game
		head, rest string
	}{
		{store.Game{Seats: seats, Result: store.Win, Winner: 1, Reason: store.ReasonRule, Rule: "checkmate"}, "zugbot (level 5, master) (Blue) wins", " — checkmate."},
		{store.Game{Seats: seats, Result: store.Draw, Reason: store.ReasonAgreement}, "Draw", " — agreement."},
		{store.Game{Seats: seats, Result: store.Aborted, Reason: store.ReasonNoStart}, "Aborted", " — the time ran out before both players had moved; not rated."},
		{store.Game{Seats: seats, Result: store.Aborted, Reason: store.ReasonAdmin, EndedBy: "7"}, "Aborted", " by a moderator, user 7; not rated."},
		{store.Game{Seats: seats, Result: store.Aborted, Reason: store.ReasonDeleted}, "Aborted", " — a player's data was deleted; not rated."},
		{store.Game{Seats: seats}, "The game goes on.", ""},
	} {
		got := table.ResultOf(zola.Zola, &tt.g, func(id string) string { return "user " + id })
		if got.Head != tt.head || got.Rest != tt.rest {
			t.Errorf("ResultOf = %q %q, want %q %q", got.Head, got.Rest, tt.head, tt.rest)
		}
		if strings.Contains(got.String(), "*") {
			t.Errorf("ResultOf(%v) = %q: markup in plain text", tt.g.Reason, got)
		}
	}
	g := store.Game{Seats: seats}
	if got := table.AgreedText(zamma.Zamma, &g, engine.Outcome{Status: engine.Win, Winner: 0}); got != "Black (alice) would win" {
		t.Errorf("AgreedText = %q", got)
	}
	if got := table.AgreedText(zonal.Chess, &g, engine.Outcome{Status: engine.Draw}); got != "it would be a draw" {
		t.Errorf("AgreedText = %q", got)
	}
	if !table.CountsAtAgreement(zamma.Zamma) || table.CountsAtAgreement(zonal.Chess) {
		t.Errorf("CountsAtAgreement: Zamma counts, chess draws")
	}
	if got := table.EndingRule(zonal.Chess); got != "play it out, or resign." {
		t.Errorf("EndingRule(chess) = %q", got)
	}
}

// TestMoveErrorExplained: a refused move's refusal carries the game's
// *engine.MoveError, for an adapter that shows it its own way.
func TestMoveErrorExplained(t *testing.T) {
	f := newFixture(t)
	g := f.start("zola", "", false, person(alice), person(bob)).State.Game
	_, err := f.tab.Play(f.ctx, g.ID, alice.ID, -1, "a1-a1")
	var me *engine.MoveError
	if !errors.As(err, &me) || me.Input != "a1-a1" {
		t.Errorf("Play of a bad move: %v; want a refusal wrapping the *engine.MoveError", err)
	}
}

// TestLiveGame plays a live game against the AI on a clock: the player's
// flag falls, a late move is refused, and the deadline ends the game on
// time; an AI whose time ran out plays nothing (its deadline ends it).
func TestLiveGame(t *testing.T) {
	f := newFixture(t)
	clk := store.Clock{Base: time.Minute, Increment: 2 * time.Second}
	u, err := f.tab.Start(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{person(alice), {AI: 1}}, Clock: clk, ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	g := u.State.Game
	first := u.State.Position.FormatMove(u.State.Position.Moves(nil)[0])
	f.clock.Add(10 * time.Second)
	f.play(g.ID, alice, first)
	if err := f.tab.ReplyDone(g.ID); err != nil {
		t.Fatal(err)
	}
	st, _ := f.tab.Load(f.ctx, g.ID)
	if want := clk.Base - 10*time.Second + clk.Increment; st.Game.Left[0] != want || st.Game.Ply != 2 {
		t.Fatalf("after a move and the reply: alice has %v (want %v), ply %d", st.Game.Left[0], want, st.Game.Ply)
	}
	// Alice runs out of time: her move is refused, nothing changes.
	f.clock.Add(st.Game.Left[0] + time.Second)
	move := st.Position.FormatMove(st.Position.Moves(nil)[0])
	_, err = f.tab.Play(f.ctx, g.ID, alice.ID, -1, move)
	refused(t, err, "Your time ran out in game")
	tasks, err := f.st.Due(f.ctx, 10)
	if err != nil || len(tasks) != 1 {
		t.Fatalf("due timers %v, %v", tasks, err)
	}
	tu, ok, err := f.tab.TimeOut(f.ctx, tasks[0])
	if err != nil || !ok || tu.State.Game.Winner != 1 || tu.State.Game.Reason != store.ReasonTimeout {
		t.Errorf("time-out: %+v, %v, %v; want zugbot the winner on time", tu.State.Game, ok, err)
	}

	// The AI's own flag: it plays nothing, and its deadline ends the game.
	u, err = f.tab.Start(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{person(alice), {AI: 1}}, Clock: clk, ChannelID: "c"})
	if err != nil {
		t.Fatal(err)
	}
	// The AI's workers are busy while its flag falls.
	release := f.hold(runtime.NumCPU())
	f.play(u.State.Game.ID, alice, first)
	f.clock.Add(2 * time.Minute)
	release()
	err = f.tab.ReplyDone(u.State.Game.ID)
	if st, _ := f.tab.Load(f.ctx, u.State.Game.ID); err != nil || st.Game.Ply != 1 {
		t.Errorf("the AI's reply after its flag fell: ply %d, %v; want nothing played", st.Game.Ply, err)
	}
}

// TestAwaitedOnce checks that an AI reply a caller awaited is shown
// exactly once, whether the caller stops waiting before it comes (then
// Awaited says no: the adapter following the feed shows it) or the
// adapter following the feed sees it first (then Awaited says yes, and
// the caller's answer has it, even if the caller stops waiting then).
func TestAwaitedOnce(t *testing.T) {
	f := newFixture(t)
	all := f.tab.Feed().Subscribe(feed.Filter{})
	defer all.Close()
	for _, gaveUp := range []bool{true, false} {
		st := f.start("zola", "", false, person(alice), store.Seat{AI: 1}).State
		next(t, all) // Started
		release := f.hold(runtime.NumCPU())
		ctx, cancel := context.WithCancel(f.ctx)
		defer cancel()
		answer := make(chan table.Update, 1)
		go func() {
			u, err := f.tab.PlayIn(ctx, st, alice.ID, 0, st.Position.FormatMove(st.Position.Moves(nil)[0]), table.PlayOptions{AwaitReply: true})
			if err != nil {
				t.Error(err)
			}
			answer <- u
		}()
		next(t, all) // alice's move
		var u table.Update
		if gaveUp {
			cancel()
			u = <-answer
		}
		release()
		c := next(t, all) // the AI's reply
		awaited := f.tab.Awaited("", c.Cause)
		if !gaveUp {
			cancel() // too late: the reply was left to the caller
			u = <-answer
		}
		shownByCaller := u.Reply != nil && len(u.Reply.Moves) == 1
		if awaited != shownByCaller || awaited == gaveUp {
			t.Errorf("caller gave up first %v: Awaited %v, the caller's answer has the reply %v; want the reply shown once, by the %s",
				gaveUp, awaited, shownByCaller, map[bool]string{true: "feed", false: "caller"}[gaveUp])
		}
	}
}
