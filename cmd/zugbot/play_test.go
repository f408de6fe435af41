package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/engine/zamma"
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
		"Your move (Red): \nType a move: ",                                       // help, on a line of its own
		"moves     list your legal moves",                                        // help
		"Your 36 legal moves: a1xa2 a1xb1",                                       // moves, sorted
		`Not played: move "bogus": write a move as from-to`,                      // a bad entry
		`Not played: move "c3xc9": write a move as from-to`,                      // off the board
		"That line is too long",                                                  // a long line
		"Your move (Red): \nYou play a1xa2.\nzugbot is thinking…\nzugbot plays ", // the move and the reply
		"Your move (Red): \n6 ",                                                  // the board, on a line of its own
		"Position: BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB",                    // the start
		"Bye: the game is left unfinished.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	// The board is drawn at the start, once for the move and its reply,
	// and when asked for.
	if n := strings.Count(got, "Position: "); n != 3 {
		t.Errorf("%d boards drawn, want 3:\n%s", n, got)
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
		"8           Z  r  n  b  q  k  b  n  r  Z          8\n",
		"5  ~  ~  ~  ~  .  .  .  .  .  .  .  .  ~  ~  ~  ~ 5\n",
		"2        ~ ~P~ P  P  P  P  P  P  P  P ~P~ ~       2\n",
		"~ an empty zone square, ~P~ a piece on one\n",
		"Z an empty Z square, *P* a piece on one\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("zonal text board lacks %q:\n%s", want, got)
		}
	}
	// Pieces on zone squares and Z squares keep their squares' marks.
	p, err := loadPosition(zonal.Zonal, "---r1nbqkbr2---/--1p1pppppppp1--/-3p10-/16/8P1PNn3/-14-/--1PPPPP1P1PR1--/---1RNBQKB3--- b Q - 0 10")
	if err != nil {
		t.Fatal(err)
	}
	got = textBoard(p, engine.MoveInfo{}, false)
	for _, want := range []string{"~R~", "~n~", "*r*", "  Z  R"} {
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
		not         string // what the game must not say
	}{
		// Resigning asks first, as Discord and the live board do: anything
		// but yes plays on.
		{"zola", "takeback\na1xa2\ntakeback\ndraw\nresign\nno\nresign\nyes\n", []string{
			"You have not moved yet in game #1.",
			"zugbot plays ",
			"Took back your last move.",
			"Position: BRBRBR/RBRBRB/BRBRBR/RBRBRB/BRBRBR/RBRBRB R\n\nYour move (Red): Zola has no draws and no agreed ending",
			"Resign game #1? zugbot then wins it.\nResign (yes or no)? \nNot resigned: the game goes on.\nYour move (Red): \nResign game #1? zugbot then wins it.\nResign (yes or no)? \nYou resigned.\nGame over: zugbot wins, as Blue (resignation).",
		}, ""},
		// The AI judges a draw offer: a level opening is played out, and an
		// offer made again at once is refused without another search.
		{"chess", "e2-e4\ndraw\ndraw\n", []string{
			"zugbot declines the draw in game #1 and plays on.",
			"zugbot has already declined a draw at this move of game #1. Offer again after the next move.",
		}, ""},
		// Where agreeing means counting, the count is shown and confirmed.
		// The question has its own prompt, and a move typed there is not
		// played: it answers no.
		{"zamma", "draw\nyes\nyes\ndraw\nd2-d3\nboard\n", []string{
			"In Zamma, ending game #1 by agreement means counting the counters now: equal counters (40 each), so it would be a draw. Offer it?\nOffer it (yes or no)? zugbot is thinking about it…\nzugbot declines the draw in game #1 and plays on.",
			"Nothing to confirm.",
			"Offer it (yes or no)? \nNot offered: the game goes on.\nYour move (Black): ",
		}, "You play d2-d3"},
	} {
		var out bytes.Buffer
		err := playCommand(context.Background(), []string{"-game", tt.game, "-level", "1", "-seed", "3"}, strings.NewReader(tt.input), &out, io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", tt.game, err)
		}
		if tt.not != "" && strings.Contains(out.String(), tt.not) {
			t.Errorf("%s: output has %q:\n%s", tt.game, tt.not, out.String())
		}
		for _, want := range tt.want {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: output lacks %q:\n%s", tt.game, want, out.String())
			}
		}
	}
}

// TestBotInfo checks each reason the terminal gives for the AI's move
// against the AI's own play in a position where that is the cause: a
// beginner's random move, the only legal move, the solved game's move
// (Zodiac, whose start has six moves and is lost for the side to move in
// 12 plies), a move that wins at once, a search and MCTS.
func TestBotInfo(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	best := func(pl ai.Player, p engine.Position) string {
		t.Helper()
		m, info, err := pl.Best(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		return botInfo(p, m, info)
	}
	level := func(v *engine.Variant, n int) ai.Player {
		t.Helper()
		pl, err := ai.Level(v, n, r)
		if err != nil {
			t.Fatal(err)
		}
		return pl
	}
	check := func(what, got string, want *regexp.Regexp) {
		t.Helper()
		if !want.MatchString(got) {
			t.Errorf("%s: botInfo says %q; want %v", what, got, want)
		}
	}

	start := zodiac.Zodiac.Start()
	if n := len(start.Moves(nil)); n < 2 {
		t.Fatalf("Zodiac's start has %d moves", n)
	}
	check("Zodiac's start at level 5", best(level(zodiac.Zodiac, 5), start), regexp.MustCompile(`^from the solved game: it loses in 12 plies against perfect play, and holds out longest$`))
	after := start.Clone()
	after.Do(start.Moves(nil)[0])
	check("Zodiac after a first move, level 5", best(level(zodiac.Zodiac, 5), after), regexp.MustCompile(`^from the solved game: it wins in 11 plies$`))
	check("a random move", best(ai.NewRandom(r), start), regexp.MustCompile(`^chosen at random, as a beginner might$`))

	// A Zodiac position with one legal move, found by playing at random.
	var only engine.Position
	for g := 0; g < 200 && only == nil; g++ {
		p := zodiac.Zodiac.Start()
		for !p.Outcome().Over() {
			moves := p.Moves(nil)
			if len(moves) == 1 {
				only = p
				break
			}
			p.Do(moves[r.IntN(len(moves))])
		}
	}
	if only == nil {
		t.Fatal("found no Zodiac position with one legal move")
	}
	check("one legal move", best(level(zodiac.Zodiac, 5), only), regexp.MustCompile(`^its only move$`))

	zolaStart := zola.Zola.Start()
	check("Zola at level 3", best(level(zola.Zola, 3), zolaStart), regexp.MustCompile(`^depth [1-9][0-9]*, [1-9][0-9]* nodes, [0-9.]+s$`))
	check("MCTS on Zola", best(ai.NewMCTS(ai.MCTSConfig{Playouts: 50}, r), zolaStart), regexp.MustCompile(`^50 playouts, [0-9.]+s$`))

	// Two ways for Red to take Blue's last checker, either of which wins.
	won, err := zola.Zola4.Parse("RR2/B3/4/4 R")
	if err != nil {
		t.Fatal(err)
	}
	check("MCTS with a move that wins at once", best(ai.NewMCTS(ai.MCTSConfig{Playouts: 50}, r), won), regexp.MustCompile(`^it wins at once$`))
	check("a search that sees the win", best(level(zola.Zola4, 3), won), regexp.MustCompile(`^depth \d+, \d+ nodes, [0-9.]+s, it sees a forced win in 1 ply$`))
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
	// Zodiac names every point, in its place, and draws its lines.
	board := textBoard(zodiac.Zodiac.Start(), engine.MoveInfo{}, false)
	want := `                      T1=b
                    /      \
 T6=w -------- C6=. -------- C1=. -------- T2=w
      \      /                    \      /
        C5=n                        C2=n
      /      \                    /      \
 T5=b -------- C4=. -------- C3=. -------- T3=b
                    \      /
                      T4=w
`
	if board != want {
		t.Errorf("zodiac board:\n%s\nwant:\n%s", board, want)
	}
	for _, name := range []string{"T1", "T2", "T3", "T4", "T5", "T6", "C1", "C2", "C3", "C4", "C5", "C6"} {
		if !strings.Contains(board, name+"=") {
			t.Errorf("zodiac board lacks %s:\n%s", name, board)
		}
	}
}

// TestPlayInterrupted checks that Ctrl-C (the context ending) leaves the
// game as politely as the end of input does, with a message, and ends the
// command with errInterrupted: exit status 130, as after Ctrl-C in any
// program, with nothing more said.
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
	if err := <-done; !errors.Is(err, errInterrupted) {
		t.Errorf("Ctrl-C: %v, want errInterrupted", err)
	}
	if !strings.Contains(out.String(), "Interrupted: the game is left unfinished.") {
		t.Errorf("Ctrl-C: output %q", out.String())
	}
	// Through the command line, as main runs it: Ctrl-C at the prompt.
	ctx, cancelCause := context.WithCancelCause(context.Background())
	defer cancelCause(nil)
	var stdout, stderr syncBuffer
	code := make(chan int, 1)
	inR2, inW2 := io.Pipe()
	defer inW2.Close()
	go func() { code <- runPlayFrom(ctx, inR2, &stdout, &stderr) }()
	for !strings.Contains(stdout.String(), "Your move") {
		time.Sleep(time.Millisecond)
	}
	cancelCause(signalled{syscall.SIGINT})
	if c := <-code; c != 130 || stderr.String() != "" || !strings.Contains(stdout.String(), "Interrupted: the game is left unfinished.") {
		t.Errorf("Ctrl-C in zugbot play: exit %d, stderr %q, stdout %q; want 130, the polite message and nothing else", c, stderr.String(), stdout.String())
	}
}

// runPlayFrom runs "zugbot play -game zola -level 1" as run does, reading
// the player's moves from in, and returns the exit status.
func runPlayFrom(ctx context.Context, in io.Reader, stdout, stderr io.Writer) int {
	defer func(f func(context.Context, []string, io.Writer, io.Writer) error) { playInput = f }(playInput)
	playInput = func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		return playCommand(ctx, args, in, stdout, stderr)
	}
	return run(ctx, []string{"play", "-game", "zola", "-level", "1"}, stdout, stderr)
}

// TestPlayIntro: the start of a game says where a chess player's habits
// mislead (Zonal's files), and warns of a lost cause (Zodiac's first
// player against perfect play).
func TestPlayIntro(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		want    string
		wantNot string
	}{
		{[]string{"-game", "zonal"}, "The armies stand on files e to l of the board's 16 files, so a chess player's e4 is i4 here", ""},
		{[]string{"-game", "zodiac", "-level", "5"}, "Zodiac is solved: the first player loses against perfect play, which level 5 plays, so you cannot win this game. Play -color second to have the winning side.", ""},
		{[]string{"-game", "zodiac", "-level", "1"}, "the first player loses against perfect play, which level 5 plays; -color second gives you the winning side.", ""},
		{[]string{"-game", "zodiac", "-level", "1", "-color", "second"}, "You play White", "first player loses"},
		{[]string{"-game", "chess", "-level", "1"}, "You play White", "files e to l"},
	} {
		var out bytes.Buffer
		t.Setenv("COLUMNS", "1000") // one line per sentence
		args := append(slices.Clone(tt.args), "-seed", "1")
		if !slices.Contains(args, "-level") {
			args = append(args, "-level", "1")
		}
		if err := playCommand(context.Background(), args, strings.NewReader("help\nquit\n"), &out, io.Discard); err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		intro, help, _ := strings.Cut(out.String(), "Your move")
		if !strings.Contains(intro, tt.want) || tt.wantNot != "" && strings.Contains(out.String(), tt.wantNot) {
			t.Errorf("%v: intro %q; want %q and not %q", tt.args, intro, tt.want, tt.wantNot)
		}
		// The help says it again.
		if tt.wantNot == "" && !strings.Contains(help, tt.want) {
			t.Errorf("%v: help %q; want %q", tt.args, help, tt.want)
		}
	}
}

// TestPlayPosition: -position starts the game where it says, with the AI
// opening when it is its turn there; a finished position is refused.
func TestPlayPosition(t *testing.T) {
	var out bytes.Buffer
	err := playCommand(context.Background(), []string{"-game", "zola", "-level", "1", "-seed", "1", "-position", "6/6/6/6/2R3/5B R"},
		strings.NewReader("c2-b1\nquit\n"), &out, io.Discard)
	if err != nil || !strings.Contains(out.String(), "Red to move. Position: 6/6/6/6/2R3/5B R\n") || !strings.Contains(out.String(), "You play c2-b1.") {
		t.Errorf("play -position: %v\n%s", err, out.String())
	}
	out.Reset()
	err = playCommand(context.Background(), []string{"-game", "zola", "-level", "1", "-seed", "1", "-position", "6/6/6/6/2R3/5B R", "-color", "blue"},
		strings.NewReader("quit\n"), &out, io.Discard)
	if err != nil || !strings.Contains(out.String(), "You play Blue") || !strings.Contains(out.String(), "zugbot is thinking…\nzugbot plays ") {
		t.Errorf("play -position with the AI to move: %v\n%s", err, out.String())
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "zola", "-position", "6/6/6/6/6/R5 B"}, "-position: the game is over there (Red wins"},
		{[]string{"-game", "zola", "-position", "RRR R"}, "bad -position for zola"},
	} {
		code, _, errOut := zugbot(t, append([]string{"play"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("play %v: exit %d, %q; want exit 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestSeparatorNote: a move written with the other separator is played,
// and the player told how it is written.
func TestSeparatorNote(t *testing.T) {
	for _, tt := range []struct{ typed, played, want string }{
		{"a1-a2", "a1xa2", " (a capture, which is written with x)"},
		{" A1-A2 ", "a1xa2", " (a capture, which is written with x)"},
		{"c3-e5-g7", "c3xe5xg7", " (a capture, which is written with x)"},
		{"a2xa1", "a2-a1", " (a step, which is written with -: there is nothing to capture)"},
		{"a1xa2", "a1xa2", ""},
		{"A1XA2", "a1xa2", ""},
		{"e2-e4", "e4", ""},
		{"e2e4", "e2-e4", ""},
		{"c3xg7", "c3xe5xg7", ""},
		{"exd5", "e4-d5", ""},
	} {
		if got := separatorNote(tt.typed, tt.played); got != tt.want {
			t.Errorf("separatorNote(%q, %q) = %q, want %q", tt.typed, tt.played, got, tt.want)
		}
	}
	var out bytes.Buffer
	if err := playCommand(context.Background(), []string{"-game", "zola", "-level", "1", "-seed", "1"}, strings.NewReader("a1-a2\nquit\n"), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "You play a1xa2 (a capture, which is written with x).\n") {
		t.Errorf("a1-a2 for a1xa2:\n%s", out.String())
	}
}

// TestTextBoardLines draws Zamma's column lines and diagonals (which star
// points lack), and lists in words the lines a grid cannot draw.
func TestTextBoardLines(t *testing.T) {
	got := textBoard(zamma.Zamma.Start(), engine.MoveInfo{}, false)
	want := `9  w   w   w   w   w   w   w   w   w  9
   | \ | / | \ | / | \ | / | \ | / |
8  w   w   w   w   w   w   w   w   w  8
`
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "1  b   b   b   b   b   b   b   b   b  1\n   a   b   c   d   e   f   g   h   i\n") {
		t.Errorf("zamma board:\n%s\nwant it to begin:\n%s", got, want)
	}
	// Turned round for White, the diagonals turn too.
	if got := textBoard(zamma.Zamma.Start(), engine.MoveInfo{}, true); !strings.HasPrefix(got, "1  b   b   b   b   b   b   b   b   b  1\n   | \\ | / |") {
		t.Errorf("zamma board for White:\n%s", got)
	}
	// A line that skips a row cannot be drawn: it is named.
	g := &engine.Geometry{Width: 2, Height: 2, Points: []engine.Point{
		{Name: "P1", X: 0, Y: 2}, {Name: "P2", X: 1, Y: 1}, {Name: "P3", X: 1, Y: 0},
	}, Lines: []engine.Line{{From: 0, To: 2}}}
	v := *zola.Zola4
	v.Geometry = g
	got = textBoard(namedBoard{Position: zola.Zola4.Start(), v: &v}, engine.MoveInfo{}, false)
	if want := " P1=R\n       P2=B\n       P3=R\nLines: P1-P3.\n"; got != want {
		t.Errorf("a board whose line cannot be drawn:\n%q\nwant:\n%q", got, want)
	}
}

// TestPlayClock plays on a live clock in the terminal: the clocks show at
// the prompt, and the player who does not move loses on time, ended by
// the game service's timers while the prompt waits. It waits out the
// shortest clock, 15 s.
func TestPlayClock(t *testing.T) {
	t.Parallel()
	inR, inW := io.Pipe()
	defer inW.Close()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- playCommand(context.Background(), []string{"-game", "zola", "-level", "1", "-clock", "0.25+0"}, inR, &out, io.Discard)
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("no end on time; output:\n%s", out.String())
	}
	for _, want := range []string{"Your move (Red, 0:15 left; zugbot 0:15): ", "\nYour time ran out.\n", "Game over: aborted (no moves before the deadline).\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := playCommand(context.Background(), []string{"-game", "zola", "-clock", "fast"}, strings.NewReader(""), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "-clock fast") {
		t.Errorf("-clock fast: %v; want it refused", err)
	}
}
