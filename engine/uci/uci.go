// Package uci plays through an outside chess engine that speaks the
// Universal Chess Interface, such as Stockfish, as an ai.Player: for
// measuring zugbot's chess against it (zugbot match -b stockfish:1700).
package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
)

// Position is a position the protocol can describe: standard chess, its
// FEN as engine.String writes it and its moves in long algebraic notation
// ("" for a move of a game the protocol does not know).
type Position interface {
	engine.Position
	UCI(m engine.Move) string
}

// Engine is a running UCI engine, limited to a strength on its own Elo
// scale (UCI_LimitStrength, UCI_Elo), on one thread, moving after a fixed
// time. It is not safe for concurrent use.
type Engine struct {
	cmd      *exec.Cmd
	in       io.WriteCloser
	out      *bufio.Scanner
	movetime time.Duration
}

// Path finds Stockfish: on the PATH, or where Debian's package puts it.
func Path() (string, error) {
	for _, p := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path, nil
		}
	}
	return "", errors.New("stockfish is not installed: install Debian's stockfish package (sudo apt-get install -y stockfish)")
}

// Start starts the engine at path at strength elo (0: full strength),
// moving after movetime.
func Start(path string, elo int, movetime time.Duration) (*Engine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	e := &Engine{cmd: cmd, in: in, out: bufio.NewScanner(out), movetime: movetime}
	e.out.Buffer(make([]byte, 64<<10), 1<<20)
	setup := []string{"uci", "setoption name Threads value 1", "setoption name Hash value 16"}
	if elo > 0 {
		setup = append(setup, "setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", elo))
	}
	setup = append(setup, "ucinewgame", "isready")
	if err := e.send(setup...); err != nil {
		e.Close()
		return nil, err
	}
	if _, err := e.await("readyok", nil); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

func (e *Engine) send(lines ...string) error {
	_, err := io.WriteString(e.in, strings.Join(lines, "\n")+"\n")
	return err
}

// await reads the engine's lines until one starts with prefix, and
// returns it; each line before it goes to other, when not nil.
func (e *Engine) await(prefix string, other func(line string)) (string, error) {
	for e.out.Scan() {
		line := e.out.Text()
		if strings.HasPrefix(line, prefix) {
			return line, nil
		}
		if other != nil {
			other(line)
		}
	}
	if err := e.out.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("the engine stopped before %q", prefix)
}

// Best asks the engine for its move in p, which must be a Position.
func (e *Engine) Best(ctx context.Context, p engine.Position) (engine.Move, ai.Info, error) {
	up, ok := p.(Position)
	if ms := p.Moves(nil); !ok || len(ms) > 0 && up.UCI(ms[0]) == "" {
		return engine.Move{}, ai.Info{}, fmt.Errorf("uci: %s is not standard chess", p.Variant().ID)
	}
	start := time.Now()
	if err := e.send("position fen "+engine.String(p), fmt.Sprintf("go movetime %d", e.movetime.Milliseconds())); err != nil {
		return engine.Move{}, ai.Info{}, err
	}
	var score int
	line, err := e.await("bestmove ", func(line string) {
		if s, ok := infoScore(line); ok {
			score = s
		}
	})
	if err != nil {
		return engine.Move{}, ai.Info{}, err
	}
	text := strings.Fields(line)[1]
	for _, m := range p.Moves(nil) {
		if up.UCI(m) == text {
			return m, ai.Info{Score: score, Elapsed: time.Since(start)}, nil
		}
	}
	return engine.Move{}, ai.Info{}, fmt.Errorf("uci: the engine played %q, not a legal move in %s", text, engine.String(p))
}

// infoScore reads the score of an "info" line ("info depth 12 ... score
// cp -35 ..." or "... score mate 3 ..."), from the mover's view, in
// centipawns, and a mate in n moves as ai.Info.Score gives a forced win.
func infoScore(line string) (int, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return 0, false
	}
	for i := 1; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false
		}
		switch f[i+1] {
		case "cp":
			return n, true
		case "mate": // in n moves: 2n-1 plies away; mated in n: 2n plies
			if n > 0 {
				return ai.WinScore - (2*n - 1), true
			}
			return -ai.WinScore - 2*n, true
		}
		return 0, false
	}
	return 0, false
}

// Close stops the engine.
func (e *Engine) Close() error {
	e.send("quit")
	e.in.Close()
	return e.cmd.Wait()
}
