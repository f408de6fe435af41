package main

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/enginetest/tictactoe"
	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
)

// TestNewGame registers a game that zugbot does not know, tic-tac-toe (a
// test fixture), as a line in the list of games would: added to games.All
// and games.Listed. Nothing else is told about it, and it must work in every
// place a game must: the slash commands' menus, the store (a real database
// file), the renderer (a PNG and a replay GIF), the text board, the AI, and
// reading and writing its moves.
func TestNewGame(t *testing.T) {
	ctx := context.Background()
	v := tictactoe.Variant
	all, menu := append(games.All(), v), append(games.Listed(), v)

	// The slash commands offer it.
	offered := false
	for _, c := range bot.Commands(menu) {
		if c.Name != "play" {
			continue
		}
		for _, ch := range c.Options[0].Choices {
			offered = offered || ch.Value == v.ID && ch.Name == v.Name
		}
	}
	if !offered {
		t.Errorf("/play does not offer %s", v.Name)
	}

	// The store records a game of it, moves read from text, and replays it.
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: all})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.CreateGame(ctx, store.NewGame{
		Variant: v.ID, Seats: [2]store.Seat{{Player: store.Player{ID: "1", Name: "ada"}}, {AI: 1}},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := v.Start()
	var moves []engine.Move
	for ply, text := range []string{"b2", "a1", "A3", "c1", "B1", "a2", "b3"} {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("move %q: %v", text, err)
		}
		notation := p.FormatMove(m)
		p.Do(m)
		moves = append(moves, m)
		if g, err = st.RecordMove(ctx, g.ID, ply, notation, store.EndOf(p.Outcome())); err != nil {
			t.Fatalf("record %s: %v", text, err)
		}
	}
	if g.Result != store.Win || g.Winner != tictactoe.Crosses || g.Why() != "three in a row" {
		t.Errorf("recorded end %v %d %q; want a win for Crosses by three in a row", g.Result, g.Winner, g.Reason)
	}
	loaded, err := st.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := engine.String(loaded.Position), engine.String(p); got != want {
		t.Errorf("replayed position %q, want %q", got, want)
	}

	// The renderer draws its pieces.
	r := render.New()
	decode := func(p engine.Position) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := r.PNG(&b, p, render.Options{}); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b.Bytes())); err != nil {
			t.Fatalf("not a PNG: %v", err)
		}
		return b.Bytes()
	}
	empty, played := decode(v.Start()), decode(p)
	if bytes.Equal(empty, played) {
		t.Error("the board with pieces draws like the empty board")
	}
	var replay bytes.Buffer
	if err := r.GIF(ctx, &replay, v.Start(), moves, render.Options{}); err != nil {
		t.Fatal(err)
	}
	if an, err := gif.DecodeAll(&replay); err != nil || len(an.Image) != len(moves)+1 {
		t.Errorf("replay: %v; want %d frames", err, len(moves)+1)
	}

	// The text board names its pieces.
	text := textBoard(p, engine.MoveInfo{}, false) + legend(p)
	for _, want := range []string{" X ", " O ", "Pieces: O Noughts nought, X Crosses cross."} {
		if !strings.Contains(text, want) {
			t.Errorf("text board lacks %q:\n%s", want, text)
		}
	}

	// The AI plays it.
	pl, err := ai.Level(v, 1, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	q := v.Start()
	q.Do(q.Moves(nil)[0])
	m, _, err := pl.Best(ctx, q)
	if err != nil || !slices.Contains(q.Moves(nil), m) {
		t.Errorf("the AI chose %v, %v; want a legal move", m, err)
	}
}
