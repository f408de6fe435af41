package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/rules"
)

func TestCreateGame(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{
		Variant:     "zola8",
		Seats:       [2]Seat{{Player: alice}, {AI: 3}},
		GuildID:     "g1",
		ChannelID:   "c1",
		DaysPerMove: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ValidPublicID(g.PublicID) {
		t.Errorf("public id %q, want 16 hex digits", g.PublicID)
	}
	want := Game{
		ID: g.ID, PublicID: g.PublicID, Variant: "zola8", Seats: [2]Seat{{Player: alice}, {AI: 3}},
		GuildID: "g1", ChannelID: "c1", DaysPerMove: 3,
		Deadline: c.Now().Add(72 * time.Hour), Created: c.Now(), Updated: c.Now(), Version: 1, TurnVersion: 1,
		// alice has not played zola8 rated: the initial rating, read with
		// the game; none for the AI.
		Ratings: [2]Rating{{Player: alice, Variant: "zola8", Rating: rules.InitialRating, Peak: rules.InitialRating}},
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("created game:\n got %+v\nwant %+v", g, want)
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Game: got %+v, %v\nwant %+v", got, err, want)
	}
	if p, err := s.Player(ctx, alice.ID); err != nil || p != alice {
		t.Errorf("Player: got %+v, %v; want %+v", p, err, alice)
	}

	// A later name replaces the one last seen; an empty one does not.
	mustGame(t, s, Player{ID: alice.ID, Name: "Alice B."}, bob, false)
	mustGame(t, s, Player{ID: alice.ID}, carol, false)
	if p, _ := s.Player(ctx, alice.ID); p.Name != "Alice B." {
		t.Errorf("name after a new one: %q, want %q", p.Name, "Alice B.")
	}
	if _, err := s.Game(ctx, 999); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(999): got %v, want ErrNotFound", err)
	}
}

func TestCreateGameRefusals(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	tests := []struct {
		name string
		ng   NewGame
		want error
	}{
		{"unknown variant", NewGame{Variant: "chess960", Seats: [2]Seat{{Player: alice}, {Player: bob}}}, ErrUnknownVariant},
		{"no variant", NewGame{Seats: [2]Seat{{Player: alice}, {Player: bob}}}, ErrInvalid},
		{"bad start", NewGame{Variant: "zola", Start: "xyz", Seats: [2]Seat{{Player: alice}, {Player: bob}}}, ErrInvalid},
		{"rated against the AI", NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 2}}, Rated: true}, ErrInvalid},
		{"AI level too high", NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 6}}}, ErrInvalid},
		{"two AIs", NewGame{Variant: "zola", Seats: [2]Seat{{AI: 1}, {AI: 2}}}, ErrInvalid},
		{"against oneself", NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: alice}}}, ErrInvalid},
		{"empty seat", NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {}}}, ErrInvalid},
		{"long clock", NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, DaysPerMove: 31}, ErrInvalid},
		{"rematch of nothing", NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}, RematchOf: 42}, ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.CreateGame(ctx, tt.ng)
			wantErr(t, "CreateGame", err, tt.want)
		})
	}
	if gs, _ := s.Games(ctx, GameQuery{}); len(gs) != 0 {
		t.Errorf("refused games left %d games behind", len(gs))
	}
}

func TestStartPosition(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	start := "R3/4/4/3B R"
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola4", Start: start, Seats: [2]Seat{{Player: alice}, {AI: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := zola.Zola4.Parse(start)
	if engine.String(st.Position) != engine.String(want) {
		t.Errorf("loaded position %s, want %s", engine.String(st.Position), engine.String(want))
	}
}

func TestRecordMove(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	want := zola.Zola.Start()
	var notations []string
	for ply := range 6 {
		m := want.Moves(nil)[0]
		n := want.FormatMove(m)
		want.Do(m)
		notations = append(notations, n)
		c.Add(time.Minute)
		got, err := s.RecordMove(ctx, g.ID, ply, n, End{})
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		if got.Ply != ply+1 || !got.Updated.Equal(c.Now()) {
			t.Errorf("ply %d: game at ply %d updated %v, want %d, %v", ply, got.Ply, got.Updated, ply+1, c.Now())
		}
	}
	st, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if engine.String(st.Position) != engine.String(want) {
		t.Errorf("loaded position %s, want %s", engine.String(st.Position), engine.String(want))
	}
	for i, m := range st.Moves {
		if m.Ply != i || m.Notation != notations[i] || !m.At.Equal(newClock().Now().Add(time.Duration(i+1)*time.Minute)) {
			t.Errorf("move %d: %+v, want ply %d %q", i, m, i, notations[i])
		}
	}

	// A stale or duplicate move changes nothing.
	for _, ply := range []int{0, 5, 7} {
		_, err := s.RecordMove(ctx, g.ID, ply, "a1-a2", End{})
		wantErr(t, "stale move", err, ErrStalePly)
	}
	_, err = s.RecordMove(ctx, 999, 0, "a1-a2", End{})
	wantErr(t, "move in no game", err, ErrNotFound)
	_, err = s.RecordMove(ctx, g.ID, 6, "", End{})
	wantErr(t, "empty move", err, ErrInvalid)
	_, err = s.RecordMove(ctx, g.ID, 6, "c3-c4", End{Result: Win, Winner: 5})
	wantErr(t, "move with a bad end", err, ErrInvalid)
	if ms, _ := s.Moves(ctx, g.ID); len(ms) != 6 {
		t.Errorf("%d moves after refusals, want 6", len(ms))
	}
	if g, _ := s.Game(ctx, g.ID); g.Ply != 6 || g.Over() {
		t.Errorf("game after refusals: ply %d, result %v; want 6, ongoing", g.Ply, g.Result)
	}

	// A move that ends the game records the result with it.
	g, err = s.RecordMove(ctx, g.ID, 6, "c3-c4", End{Result: Win, Winner: 0, Reason: ReasonRule, Rule: "no checkers left"})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Result != Win || g.Winner != 0 || g.Ply != 7 || g.Ended.IsZero() || g.Reason != ReasonRule || g.Rule != "no checkers left" {
		t.Errorf("game ended by a move: %+v", g)
	}
	_, err = s.RecordMove(ctx, g.ID, 7, "c4-c5", End{})
	wantErr(t, "move after the end", err, ErrGameOver)
}

func TestReplayError(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	mustPlay(t, s, g.ID, 2)
	if _, err := s.RecordMove(ctx, g.ID, 2, "z9-z10", End{}); err != nil {
		t.Fatal(err) // the store keeps notation without judging it
	}
	_, err := s.Load(ctx, g.ID)
	wantErr(t, "Load", err, ErrReplay)

	_, err = Replay(zola.Zola, "", []Move{{Ply: 1, Notation: "a1-a2"}})
	wantErr(t, "Replay with a gap", err, ErrReplay)

	// A store that no longer knows a game's variant cannot load it.
	path, _ := freshDB(t)
	s2, err := Open(ctx, path, Options{Variants: []*engine.Variant{zola.Zola8}})
	if err != nil {
		t.Fatal(err)
	}
	g2, err := s2.CreateGame(ctx, NewGame{Variant: "zola8", Seats: [2]Seat{{Player: alice}, {Player: bob}}})
	s2.Close()
	if err != nil {
		t.Fatal(err)
	}
	s3, err := Open(ctx, path, Options{Variants: []*engine.Variant{zola.Zola}})
	if err != nil {
		t.Fatal(err)
	}
	defer s3.Close()
	_, err = s3.Load(ctx, g2.ID)
	wantErr(t, "Load of an unknown variant", err, ErrUnknownVariant)
}

func TestFinish(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, true)
	g = mustPlay(t, s, g.ID, 3)

	_, err := s.Finish(ctx, g.ID, 2, End{Result: Win, Winner: 1})
	wantErr(t, "stale finish", err, ErrStalePly)
	_, err = s.Finish(ctx, g.ID, 3, End{Result: Ongoing})
	wantErr(t, "finish without a result", err, ErrInvalid)
	_, err = s.Finish(ctx, g.ID, 3, End{Result: Win, Winner: 2})
	wantErr(t, "finish with a bad winner", err, ErrInvalid)

	got, err := s.Finish(ctx, g.ID, AnyPly, End{Result: Aborted, Reason: ReasonAdmin, By: "999"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Result != Aborted || got.Rated || got.EndedBy != "999" || got.Reason != ReasonAdmin || len(got.Changes) != 0 {
		t.Errorf("aborted game: %+v", got)
	}
	reload, _ := s.Game(ctx, g.ID)
	if !reflect.DeepEqual(reload, got) {
		t.Errorf("reloaded game differs:\n got %+v\nwant %+v", reload, got)
	}
	if r, _ := s.Rating(ctx, alice.ID, "zola"); r.Games != 0 {
		t.Errorf("an aborted game was rated: %+v", r)
	}
	_, err = s.Finish(ctx, g.ID, AnyPly, End{Result: Win})
	wantErr(t, "second finish", err, ErrGameOver)
}

func TestTakeback(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {AI: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	mustPlay(t, s, g.ID, 5)
	ms, _ := s.Moves(ctx, g.ID)
	_, err = s.Takeback(ctx, g.ID, 4, 2)
	wantErr(t, "stale takeback", err, ErrStalePly)
	_, err = s.Takeback(ctx, g.ID, 5, 6)
	wantErr(t, "takeback of too much", err, ErrInvalid)
	_, err = s.Takeback(ctx, g.ID, 5, 0)
	wantErr(t, "takeback of nothing", err, ErrInvalid)

	g, err = s.Takeback(ctx, g.ID, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply != 3 {
		t.Errorf("ply after takeback %d, want 3", g.Ply)
	}
	st, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Replay(zola.Zola, "", ms[:3])
	if len(st.Moves) != 3 || engine.String(st.Position) != engine.String(want) {
		t.Errorf("after takeback: %d moves, position %s; want 3, %s", len(st.Moves), engine.String(st.Position), engine.String(want))
	}
	// The game goes on from there.
	if g = mustPlay(t, s, g.ID, 1); g.Ply != 4 {
		t.Errorf("ply after a move %d, want 4", g.Ply)
	}

	r := mustGame(t, s, alice, bob, true)
	r = mustPlay(t, s, r.ID, 2)
	_, err = s.Takeback(ctx, r.ID, 2, 1)
	wantErr(t, "takeback in a rated game", err, ErrInvalid)
}

func TestOffers(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	g = mustPlay(t, s, g.ID, 4)

	g, err := s.Offer(ctx, g.ID, Offer{Kind: DrawOffer, By: 0, Ply: 4})
	if err != nil {
		t.Fatal(err)
	}
	if reload, _ := s.Game(ctx, g.ID); reload.Offer != (Offer{Kind: DrawOffer, By: 0, Ply: 4}) {
		t.Errorf("stored offer %+v", reload.Offer)
	}
	_, err = s.AcceptOffer(ctx, g.ID, DrawOffer, 0, 4, End{Result: Draw})
	wantErr(t, "accepting one's own offer", err, ErrNoOffer)
	_, err = s.AcceptOffer(ctx, g.ID, TakebackOffer, 1, 4, End{})
	wantErr(t, "accepting an offer of another kind", err, ErrNoOffer)
	_, err = s.AcceptOffer(ctx, g.ID, DrawOffer, 1, 3, End{Result: Draw})
	wantErr(t, "accepting at a stale ply", err, ErrStalePly)

	// A move lapses the offer.
	g = mustPlay(t, s, g.ID, 1)
	if g.Offer.Kind != NoOffer {
		t.Errorf("offer after a move: %+v", g.Offer)
	}
	_, err = s.AcceptOffer(ctx, g.ID, DrawOffer, 1, 5, End{Result: Draw})
	wantErr(t, "accepting a lapsed offer", err, ErrNoOffer)

	// Declined.
	if _, err := s.Offer(ctx, g.ID, Offer{Kind: DrawOffer, By: 1, Ply: 5}); err != nil {
		t.Fatal(err)
	}
	if g, err = s.DeclineOffer(ctx, g.ID, DrawOffer, 5); err != nil || g.Offer.Kind != NoOffer {
		t.Fatalf("DeclineOffer: %+v, %v", g.Offer, err)
	}
	_, err = s.DeclineOffer(ctx, g.ID, DrawOffer, 5)
	wantErr(t, "declining twice", err, ErrNoOffer)

	// A takeback offer, accepted.
	_, err = s.Offer(ctx, g.ID, Offer{Kind: TakebackOffer, By: 0, Ply: 5, Undo: 6})
	wantErr(t, "takeback of too much", err, ErrInvalid)
	if _, err := s.Offer(ctx, g.ID, Offer{Kind: TakebackOffer, By: 0, Ply: 5, Undo: 2}); err != nil {
		t.Fatal(err)
	}
	if g, err = s.AcceptOffer(ctx, g.ID, TakebackOffer, 1, 5, End{}); err != nil || g.Ply != 3 || g.Offer.Kind != NoOffer {
		t.Fatalf("accepted takeback: %+v, %v", g, err)
	}

	// A draw offer, accepted.
	if _, err := s.Offer(ctx, g.ID, Offer{Kind: DrawOffer, By: 1, Ply: 3}); err != nil {
		t.Fatal(err)
	}
	g, err = s.AcceptOffer(ctx, g.ID, DrawOffer, 0, 3, End{Result: Draw, By: alice.ID})
	if err != nil {
		t.Fatal(err)
	}
	if g.Result != Draw || g.Reason != ReasonAgreement || g.EndedBy != alice.ID || g.Offer.Kind != NoOffer {
		t.Errorf("game drawn by agreement: %+v", g)
	}
	_, err = s.Offer(ctx, g.ID, Offer{Kind: DrawOffer, By: 1, Ply: 3})
	wantErr(t, "offer after the end", err, ErrGameOver)

	r := mustGame(t, s, alice, bob, true)
	r = mustPlay(t, s, r.ID, 2)
	_, err = s.Offer(ctx, r.ID, Offer{Kind: TakebackOffer, By: 0, Ply: 2, Undo: 1})
	wantErr(t, "takeback offer in a rated game", err, ErrInvalid)
}

func TestGamesQuery(t *testing.T) {
	ctx := context.Background()
	s, c := mustOpen(t, Options{})
	ab := mustGame(t, s, alice, bob, false)
	c.Add(time.Second)
	ac := mustGame(t, s, alice, carol, false)
	c.Add(time.Second)
	bc, err := s.CreateGame(ctx, NewGame{Variant: "zola8", Seats: [2]Seat{{Player: bob}, {Player: carol}}, GuildID: "g2", ChannelID: "c2"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetPost(ctx, PostedGame, bc.ID, "t2", "m2"); err != nil { // its board in a thread
		t.Fatal(err)
	}
	c.Add(time.Second)
	ai, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{AI: 1}, {Player: alice}}, ChannelID: "dm"})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(time.Second)
	mustFinish(t, s, ac, 0)

	ids := func(q GameQuery) []int64 {
		t.Helper()
		gs, err := s.Games(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	tests := []struct {
		name string
		q    GameQuery
		want []int64
	}{
		{"all", GameQuery{}, []int64{ac.ID, ai.ID, bc.ID, ab.ID}},
		{"alice", GameQuery{Player: alice.ID}, []int64{ac.ID, ai.ID, ab.ID}},
		{"alice active", GameQuery{Player: alice.ID, Status: Active}, []int64{ai.ID, ab.ID}},
		{"alice finished", GameQuery{Player: alice.ID, Status: Finished}, []int64{ac.ID}},
		{"alice against carol", GameQuery{Player: alice.ID, Opponent: carol.ID}, []int64{ac.ID}},
		{"carol against alice", GameQuery{Player: carol.ID, Opponent: alice.ID}, []int64{ac.ID}},
		{"active in channel c1", GameQuery{ChannelID: "c1", Status: Active}, []int64{ab.ID}},
		{"bob in thread t2", GameQuery{Player: bob.ID, ChannelID: "t2"}, []int64{bc.ID}},
		{"zola8", GameQuery{Variant: "zola8"}, []int64{bc.ID}},
		{"guild g1", GameQuery{GuildID: "g1"}, []int64{ac.ID, ab.ID}},
		{"paged", GameQuery{Limit: 2, Offset: 1}, []int64{ai.ID, bc.ID}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ids(tt.q); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	if n, err := s.ActiveCount(ctx, alice.ID); err != nil || n != 2 {
		t.Errorf("ActiveCount(alice) = %d, %v; want 2", n, err)
	}
}

func TestMaxActiveGames(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{MaxActiveGames: 2})
	g := mustGame(t, s, alice, bob, false)
	mustGame(t, s, alice, carol, false)
	_, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{AI: 1}, {Player: alice}}})
	wantErr(t, "third game", err, ErrTooManyGames)
	ch, err := s.CreateChallenge(ctx, NewChallenge{Challenger: carol, Variant: "zola"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = s.AcceptChallenge(ctx, ch.ID, alice)
	wantErr(t, "accepting a third game", err, ErrTooManyGames)
	mustFinish(t, s, g, 1)
	if _, _, err := s.AcceptChallenge(ctx, ch.ID, alice); err != nil {
		t.Errorf("accepting after a game ended: %v", err)
	}
}

func TestRematch(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustFinish(t, s, mustGame(t, s, alice, bob, false), 0)
	ng := NewGame{Variant: "zola", Seats: [2]Seat{{Player: bob}, {Player: alice}}, RematchOf: g.ID}
	r, err := s.CreateGame(ctx, ng)
	if err != nil {
		t.Fatal(err)
	}
	if r.RematchOf != g.ID {
		t.Errorf("RematchOf %d, want %d", r.RematchOf, g.ID)
	}
	_, err = s.CreateGame(ctx, ng)
	wantErr(t, "second rematch", err, ErrRematchExists)
}

// TestAIGames lists the games going on against the AI, and no others.
func TestAIGames(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	var want []int64
	for _, seats := range [][2]Seat{{{Player: alice}, {AI: 3}}, {{Player: alice}, {Player: bob}}, {{AI: 1}, {Player: bob}}, {{Player: bob}, {AI: 5}}} {
		g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		if seats[0].IsAI() || seats[1].IsAI() {
			want = append(want, g.ID)
		}
	}
	// A finished game against the AI is not listed.
	if _, err := s.Finish(ctx, want[2], 0, End{Result: Win, Winner: 0, Reason: ReasonResignation}); err != nil {
		t.Fatal(err)
	}
	want = want[:2]
	got, err := s.AIGames(ctx)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("AIGames() = %v, %v; want %v", got, err, want)
	}
}

// TestClosedOfferIsNone: a game whose offer was declined, or lapsed with a
// move, reads back with no offer at all, equal to the game the write
// returned.
func TestClosedOfferIsNone(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustPlay(t, s, mustGame(t, s, alice, bob, false).ID, 1)
	if _, err := s.Offer(ctx, g.ID, Offer{Kind: TakebackOffer, By: 0, Ply: 1, Undo: 1}); err != nil {
		t.Fatal(err)
	}
	declined, err := s.DeclineOffer(ctx, g.ID, TakebackOffer, 1)
	if err != nil {
		t.Fatal(err)
	}
	read, err := s.Game(ctx, g.ID)
	if err != nil || read.Offer != (Offer{}) || read.Offer != declined.Offer {
		t.Errorf("after a decline: read %+v, written %+v (%v); want no offer in both", read.Offer, declined.Offer, err)
	}
}

// TestLoadKeepsPositions checks the positions Load keeps: a game loaded
// again, after moves, after a takeback and another move at the same ply,
// and after its moves were replaced behind its back, gives the position
// its moves lead to, as a full replay does.
func TestLoadKeepsPositions(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: alice}, {Player: bob}}})
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		st, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Replay(zola.Zola, "", st.Moves)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.String(st.Position); got != engine.String(want) {
			t.Errorf("%s: Load's position %q; a replay gives %q", when, got, engine.String(want))
		}
		// What Load returns is the caller's: playing in it changes no
		// later load.
		if ms := st.Position.Moves(nil); len(ms) > 0 {
			st.Position.Do(ms[0])
		}
	}
	check("new")
	mustPlay(t, s, g.ID, 3)
	check("after three moves")
	check("loaded again")
	if _, err := s.Takeback(ctx, g.ID, 3, 1); err != nil {
		t.Fatal(err)
	}
	check("after a takeback")
	st, _ := s.Load(ctx, g.ID)
	ms := st.Position.Moves(nil)
	if _, err := s.RecordMove(ctx, g.ID, 2, st.Position.FormatMove(ms[len(ms)-1]), End{}); err != nil {
		t.Fatal(err)
	}
	check("after another move at the same ply")
	// The same again, without a load between the takeback and the move:
	// as many moves as the kept position, but not the same.
	if _, err := s.Takeback(ctx, g.ID, 3, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordMove(ctx, g.ID, 2, st.Position.FormatMove(ms[0]), End{}); err != nil {
		t.Fatal(err)
	}
	check("after a takeback and a move unseen")
}

// TestClaimTurnPing: each turn's ping is claimed once, by its first
// caller; an offer begins no turn; a claim of a turn the game has left
// is refused.
func TestClaimTurnPing(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	claim := func(turn int64, want bool) {
		t.Helper()
		if got, err := s.ClaimTurnPing(ctx, g.ID, turn); err != nil || got != want {
			t.Errorf("claim the ping of turn %d: %v, %v; want %v", turn, got, err, want)
		}
	}
	if g.TurnVersion != 1 {
		t.Fatalf("a new game's turn begins at version %d; want 1", g.TurnVersion)
	}
	claim(1, true)
	claim(1, false)
	offered, err := s.Offer(ctx, g.ID, Offer{Kind: DrawOffer, By: 1, Ply: 0})
	if err != nil {
		t.Fatal(err)
	}
	if offered.Version != 2 || offered.TurnVersion != 1 {
		t.Errorf("after an offer: version %d, turn %d; want 2, 1", offered.Version, offered.TurnVersion)
	}
	claim(1, false)
	p := zola.Zola.Start()
	moved, err := s.RecordMove(ctx, g.ID, 0, p.FormatMove(p.Moves(nil)[0]), End{})
	if err != nil {
		t.Fatal(err)
	}
	if moved.TurnVersion != moved.Version || moved.Version != 3 {
		t.Errorf("after a move: version %d, turn %d; want 3, 3", moved.Version, moved.TurnVersion)
	}
	claim(2, false) // no turn began there
	claim(3, true)
	claim(3, false)
}

// TestRecordMoveSeen: a move made on the game as it was loaded is refused
// once its turn has begun again, though the game is back at the same ply
// (a takeback and another move came between the load and the move), and
// not for an offer, which begins no turn.
func TestRecordMoveSeen(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	g := mustGame(t, s, alice, bob, false)
	mustPlay(t, s, g.ID, 2)
	st, err := s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen, mv := st.Game, firstMove(t, st.Position)
	if _, err := s.Takeback(ctx, g.ID, 2, 1); err != nil {
		t.Fatal(err)
	}
	mustPlay(t, s, g.ID, 1) // at ply 2 again
	_, err = s.RecordMoveSeen(ctx, &seen, mv, End{})
	wantErr(t, "a move on the board before the takeback", err, ErrStalePly)
	if now, _ := s.Game(ctx, g.ID); now.Ply != 2 {
		t.Fatalf("after the refused move the game is at ply %d, want 2", now.Ply)
	}

	st, err = s.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen, mv = st.Game, firstMove(t, st.Position)
	if _, err := s.Offer(ctx, g.ID, Offer{Kind: DrawOffer, By: 1, Ply: 2}); err != nil {
		t.Fatal(err)
	}
	if moved, err := s.RecordMoveSeen(ctx, &seen, mv, End{}); err != nil || moved.Ply != 3 {
		t.Fatalf("a move after the opponent's offer: ply %d, %v; want it played", moved.Ply, err)
	}
}
