package zonal

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
)

// reference returns the legal moves the slow way: every pseudo-legal move
// played and the king's safety tested.
func (p *Position) reference() []move {
	_, check := p.InCheck()
	var out []move
	for _, m := range p.pseudo(nil, check, false) {
		if p.safe(m) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// walkCompare compares legal with reference in p and, depth plies deep,
// in every position below it.
func walkCompare(t *testing.T, p *Position, depth int) {
	got := slices.Clone(p.legal(nil))
	slices.Sort(got)
	want := p.reference()
	if !slices.Equal(got, want) {
		fen, _ := p.MarshalText()
		var extra, missing []string
		for _, m := range got {
			if !slices.Contains(want, m) {
				extra = append(extra, p.l.names[m.from()]+"-"+p.l.names[m.to()])
			}
		}
		for _, m := range want {
			if !slices.Contains(got, m) {
				missing = append(missing, p.l.names[m.from()]+"-"+p.l.names[m.to()])
			}
		}
		t.Fatalf("%s: extra %v missing %v", fen, extra, missing)
	}
	// The capture search's generator gives the noisy moves among them.
	var noisy []move
	for _, m := range want {
		if p.Noisy(engine.Move{Lo: uint64(m)}) {
			noisy = append(noisy, m)
		}
	}
	caps := slices.Clone(p.generate(nil, true))
	slices.Sort(caps)
	if !slices.Equal(caps, noisy) {
		fen, _ := p.MarshalText()
		t.Fatalf("%s: noisy moves %v, want %v", fen, caps, noisy)
	}
	if depth == 0 {
		return
	}
	for _, m := range got {
		p.make(m)
		walkCompare(t, p, depth-1)
		p.unmake()
	}
}

// TestLegalMatchesReference checks the generator's shortcuts (pins,
// checks, the zone riders' bent paths) against playing every pseudo-legal
// move and testing the king, and the noisy moves' generator against the
// noisy moves among them, over perft trees and random games.
func TestLegalMatchesReference(t *testing.T) {
	riders := zonalFEN(map[string]byte{"i1": 'K', "e1": 'R', "l1": 'R', "f2": 'P', "g2": 'P', "h2": 'P', "j2": 'P', "k2": 'P',
		"c6": 'Q', "o4": 'B', "i8": 'k', "e8": 'r', "l8": 'r', "f7": 'p', "g7": 'p', "h7": 'p', "j7": 'p', "k7": 'p',
		"c3": 'q', "b5": 'r', "n6": 'b'}, "w KQkq - 0 1")
	walkCompare(t, enginetest.MustParse(t, Zonal, riders).(*Position), 2)
	walkCompare(t, enginetest.MustParse(t, Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").(*Position), 2)
	games := 30
	if testing.Short() {
		games = 5
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, v := range []*engine.Variant{Zonal, Chess} {
		for range games {
			p := v.Start().(*Position)
			for ply := 0; ply < 300; ply++ {
				walkCompare(t, p, 0)
				moves := p.legal(nil)
				if len(moves) == 0 || p.drawn() != "" {
					break
				}
				p.make(moves[r.IntN(len(moves))])
			}
		}
	}
}
