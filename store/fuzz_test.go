package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/zugbot/zugbot/engine/zola"
)

// text reports whether s is text a database holds: valid UTF-8 without NUL.
func text(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// FuzzRoundTrip stores whatever a person may type as a display name or a
// move, and checks that it comes back byte for byte, or is refused with a
// clear error (ErrInvalid for what is not text), and that replaying it
// never panics.
func FuzzRoundTrip(f *testing.F) {
	for _, seed := range [][2]string{
		{"Alice", "c2-b1"},
		{"", "pass"},
		{"Ünïcødé 🎲", "a1xb1"},
		{"Robert'); DROP TABLE games;--", "'; DELETE FROM moves; --"},
		{"nul\x00inside", "e4\x00"},
		{"\xff\xfe invalid utf-8", "\xc3\x28"},
	} {
		f.Add(seed[0], seed[1])
	}
	s, _ := mustOpen(f, Options{MaxActiveGames: -1})
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, name, notation string) {
		p := Player{ID: "id:" + name, Name: name}
		g, err := s.CreateGame(ctx, NewGame{Variant: "zola", Seats: [2]Seat{{Player: p}, {AI: 1}}, ChannelID: name})
		if !text(name) {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("CreateGame for %q: %v, want ErrInvalid", name, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("CreateGame for %q: %v", name, err)
		}
		_, err = s.RecordMove(ctx, g.ID, 0, notation, End{})
		if notation == "" || !text(notation) {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("move %q: got %v, want ErrInvalid", notation, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("RecordMove %q: %v", notation, err)
		}
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seats[0].ID != p.ID || got.ChannelID != name || (name != "" && got.Seats[0].Name != name) {
			t.Errorf("stored player %q / %q in channel %q, want %q / %q in %q", got.Seats[0].ID, got.Seats[0].Name, got.ChannelID, p.ID, name, name)
		}
		ms, err := s.Moves(ctx, g.ID)
		if err != nil || len(ms) != 1 || ms[0].Notation != notation {
			t.Fatalf("stored moves %+v (%v), want [%q]", ms, err, notation)
		}
		if _, err := Replay(zola.Zola, "", ms); err != nil && !errors.Is(err, ErrReplay) {
			t.Errorf("Replay error %v does not wrap ErrReplay", err)
		}
	})
}
