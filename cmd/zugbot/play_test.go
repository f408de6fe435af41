package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
	"github.com/zugbot/zugbot/games"
)

func TestPlayCommands(t *testing.T) {
	in := strings.NewReader("help\nmoves\nbogus\nc3xc9\n" + strings.Repeat("x", 5000) + "\na1xa2\nboard\nquit\n")
	var out, errs bytes.Buffer
	err := playCommand(context.Background(), []string{"-game", "zola", "-level", "1", "-seed", "5"}, in, &out, &errs)
	if err != nil {
		t.Fatalf("play: %v (stderr %q)", err, errs.String())
	}
	got := out.String()
	for _, want := range []string{
		"You play Red; zugbot plays Blue at level 1 (beginner)",
		"moves     list your legal moves",                     // help
		"Your 36 legal moves: a1xa2 a1xb1",                    // moves, sorted
		`Not played: move "bogus": write a move as from-to`,   // a bad entry
		`Not played: move "c3xc9": write a move as from-to`,   // off the board
		"That line is too long",                               // a long line
		"Last move: Red a1xa2",                                // the player's move
		"zugbot plays ",                                       // the bot's reply
		"Position: BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB", // the start
		"Bye: the game is left unfinished.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

// TestPlayGame plays whole games through the terminal interface: the test
// reads each position the command prints and answers with a legal move.
func TestPlayGame(t *testing.T) {
	for _, color := range []string{"first", "second"} {
		t.Run(color, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				done <- playCommand(context.Background(), []string{"-game", "zola4", "-level", "2", "-color", color, "-seed", "1"}, inR, outW, io.Discard)
				outW.Close()
			}()
			var transcript strings.Builder
			sc := bufio.NewScanner(outR)
			sc.Split(scanPrompts)
			position, over := "", false
			for sc.Scan() {
				chunk := sc.Text()
				transcript.WriteString(chunk)
				for _, line := range strings.Split(chunk, "\n") {
					if _, s, ok := strings.Cut(line, "Position: "); ok {
						position = s
					}
					if strings.HasPrefix(line, "Game over: ") {
						over = true
					}
				}
				if !strings.HasSuffix(chunk, "): ") {
					continue
				}
				p, err := zola.Zola4.Parse(position)
				if err != nil {
					t.Fatalf("the printed position %q does not parse: %v", position, err)
				}
				moves := p.Moves(nil)
				io.WriteString(inW, p.FormatMove(moves[len(moves)-1])+"\n")
			}
			inW.Close()
			if err := <-done; err != nil {
				t.Fatalf("play: %v\n%s", err, transcript.String())
			}
			if !over {
				t.Errorf("the game did not end:\n%s", transcript.String())
			}
		})
	}
}

// scanPrompts splits output after each newline or prompt (": " at the end
// of what has been written so far).
func scanPrompts(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if bytes.HasSuffix(data, []byte("): ")) || (atEOF && len(data) > 0) {
		return len(data), data, nil
	}
	return 0, nil, nil
}

func TestPlayErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-level", "1"}, "-game is required"},
		{[]string{"-game", "zola", "-level", "9"}, "zugbot play: -level 9: The level goes from 1 (beginner) to 5 (master); 9 is not one of them.\n"},
		{[]string{"-game", "zola", "-color", "purple"}, `-color "purple": want first, second, 1, 2, Red or Blue`},
	}
	// Sides are named the same way as everywhere: by name or by order.
	for _, c := range []string{"blue", "Second", "2"} {
		var out bytes.Buffer
		if err := playCommand(context.Background(), []string{"-game", "zola", "-level", "1", "-color", c, "-seed", "1"}, strings.NewReader("quit\n"), &out, io.Discard); err != nil || !strings.Contains(out.String(), "You play Blue") {
			t.Errorf("-color %s: %v, %q; want Blue", c, err, out.String())
		}
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errs bytes.Buffer
			code := run(context.Background(), append([]string{"play"}, tt.args...), &out, &errs)
			if code != 2 || !strings.Contains(errs.String(), tt.want) || strings.Contains(errs.String(), "ai:") {
				t.Errorf("exit %d, stderr %q; want exit 2 and a message containing %q", code, errs.String(), tt.want)
			}
		})
	}
}

func TestTextBoard(t *testing.T) {
	p := zola.Zola4.Start()
	m, err := p.ParseMove("a1xa2")
	if err != nil {
		t.Fatal(err)
	}
	info := p.Describe(m)
	p.Do(m)
	tests := []struct {
		flip bool
		want string
	}{
		{false, `4  B  R  B  R 4
3  R  B  R  B 3
2 [R] R  B  R 2
1 [.] B  R  B 1
   a  b  c  d
`},
		{true, `1  B  R  B [.]1
2  R  B  R [R]2
3  B  R  B  R 3
4  R  B  R  B 4
   d  c  b  a
`},
	}
	for _, tt := range tests {
		if got := textBoard(p, info, tt.flip); got != tt.want {
			t.Errorf("textBoard(flip %v):\n%s\nwant:\n%s", tt.flip, got, tt.want)
		}
	}
}

// TestTextBoardNamed draws a board without file and rank labels, which
// names every point in its cell.
func TestTextBoardNamed(t *testing.T) {
	g := &engine.Geometry{Width: 2, Height: 1, Points: []engine.Point{
		{Name: "P1", X: 0, Y: 1}, {Name: "P2", X: 2, Y: 1}, {Name: "P3", X: 1, Y: 0},
	}}
	v := *zola.Zola4
	v.Geometry = g
	p := namedBoard{Position: zola.Zola4.Start(), v: &v}
	got := textBoard(p, engine.MoveInfo{Path: []int{2}}, false)
	want := " P1=R        P2=B\n      [P3=R]\n"
	if got != want {
		t.Errorf("textBoard:\n%q\nwant:\n%q", got, want)
	}
}

// namedBoard is a Zola position drawn on another geometry.
type namedBoard struct {
	engine.Position
	v *engine.Variant
}

func (n namedBoard) Variant() *engine.Variant { return n.v }

// TestTextBoardZones checks that the zonal board shows its shape and its
// empty zone squares, where riders may turn.
func TestTextBoardZones(t *testing.T) {
	got := textBoard(zonal.Zonal.Start(), engine.MoveInfo{}, false)
	for _, want := range []string{
		"8           .  r  n  b  q  k  b  n  r  .          8\n",
		"5  ~  ~  ~  ~  .  .  .  .  .  .  .  .  ~  ~  ~  ~ 5\n",
		"2        ~  P  P  P  P  P  P  P  P  P  P  ~       2\n",
		"~ an empty zone square\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("zonal text board lacks %q:\n%s", want, got)
		}
	}
	if got := textBoard(zonal.Chess.Start(), engine.MoveInfo{}, false); strings.Contains(got, "~") {
		t.Errorf("the chess board shows zone squares:\n%s", got)
	}
}

// TestPlayOffers takes a move back, offers a draw and resigns in the
// terminal: the same game service as on Discord answers.
func TestPlayOffers(t *testing.T) {
	for _, tt := range []struct {
		game, input string
		want        []string
	}{
		{"zola", "takeback\na1xa2\ntakeback\ndraw\nresign\n", []string{
			"You have not moved yet in game #1.",
			"zugbot plays ",
			"Took back your last move.",
			"Position: BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R\n\nYour move (Red): Zola has no draws and no agreed ending",
			"You resigned.\nGame over: zugbot wins, as Blue (resignation).",
		}},
		// The AI judges a draw offer: a level opening is played out, and an
		// offer made again at once is refused without another search.
		{"chess", "e2-e4\ndraw\ndraw\n", []string{
			"zugbot declines the draw in game #1 and plays on.",
			"zugbot has already declined a draw at this move of game #1. Offer again after the next move.",
		}},
		// Where agreeing means counting, the count is shown and confirmed.
		{"zamma", "draw\nyes\nyes\n", []string{
			"In Zamma, ending game #1 by agreement means counting the counters now: equal counters (40 each), so it would be a draw. Offer it? Type yes to offer it; anything else plays on.",
			"zugbot declines the draw in game #1 and plays on.",
			"Nothing to confirm.",
		}},
	} {
		var out bytes.Buffer
		err := playCommand(context.Background(), []string{"-game", tt.game, "-level", "1", "-seed", "3"}, strings.NewReader(tt.input), &out, io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", tt.game, err)
		}
		for _, want := range tt.want {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: output lacks %q:\n%s", tt.game, want, out.String())
			}
		}
	}
}

// TestPlayPolish checks what the terminal game says in words: singular and
// plural, the AI's reasons, who won, the help for the game being played,
// the Zodiac board's names and lines, and text wrapped to the terminal.
func TestPlayPolish(t *testing.T) {
	for _, tt := range []struct {
		got, want string
	}{
		{plural(1, "legal move", "legal moves"), "1 legal move"},
		{plural(3, "legal move", "legal moves"), "3 legal moves"},
		{botInfo(ai.Info{Random: true}), "chosen at random, as a beginner might"},
		{botInfo(ai.Info{Elapsed: time.Millisecond}), "its only move"},
		{botInfo(ai.Info{Depth: 1, Nodes: 9, Score: ai.WinScore - 1}), "depth 1, 9 nodes, 0.0s, it sees a forced win in 1 ply"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	if got := wrap("aaa bbb ccc dddddddddd e", 8); got != "aaa bbb\nccc\ndddddddddd\ne\n" {
		t.Errorf("wrap: %q", got)
	}
	t.Setenv("COLUMNS", "50")
	for _, v := range games.All() {
		var out bytes.Buffer
		err := playCommand(context.Background(), []string{"-game", v.ID, "-level", "1", "-seed", "1"}, strings.NewReader("help\nboard\n"), &out, io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		text := out.String()
		for _, want := range []string{"Type a move: ", "in " + v.Rules + ".", "Pieces: "} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: output lacks %q:\n%s", v.ID, want, text)
			}
		}
		if w := strings.Fields(v.Notation); !strings.Contains(strings.Join(strings.Fields(text), " "), strings.Join(w, " ")) {
			t.Errorf("%s: help lacks the notation %q", v.ID, v.Notation)
		}
		// The rules summary and the legend are wrapped to $COLUMNS.
		for _, want := range []string{wrap(v.Summary, 50), wrap(legend(v.Start()), 50)} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: output lacks %q, wrapped to 50 columns:\n%s", v.ID, want, text)
			}
		}
	}
	// Zodiac names every point, in its place, and its lines.
	board := textBoard(zodiac.Zodiac.Start(), engine.MoveInfo{}, false)
	lines := strings.Split(board, "\n")
	if !strings.Contains(lines[0], "T1=b") || !strings.Contains(lines[4], "T4=w") || !strings.Contains(board, "Lines: T3-C2-C1-T1,") {
		t.Errorf("zodiac board:\n%s", board)
	}
	for _, name := range []string{"T1", "T2", "T3", "T4", "T5", "T6", "C1", "C2", "C3", "C4", "C5", "C6"} {
		if !strings.Contains(board, name+"=") {
			t.Errorf("zodiac board lacks %s:\n%s", name, board)
		}
	}
}

// TestPlayInterrupted checks that Ctrl-C (the context ending) leaves the
// game as politely as the end of input does: a message, and no error.
func TestPlayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- playCommand(ctx, []string{"-game", "zola", "-level", "1"}, inR, &out, io.Discard)
	}()
	for !strings.Contains(out.String(), "Your move") {
		select {
		case err := <-done:
			t.Fatalf("the game ended before its first move: %v\n%s", err, out.String())
		case <-time.After(time.Millisecond):
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Ctrl-C: %v, want a polite end", err)
	}
	if !strings.Contains(out.String(), "Interrupted: the game is left unfinished.") {
		t.Errorf("Ctrl-C: output %q", out.String())
	}
}
