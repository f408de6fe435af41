package engine

import "math/rand/v2"

// A Perfter is a Position with its own, faster perft. Perft uses it when
// present; it must count exactly as Perft does.
type Perfter interface {
	Perft(depth int) uint64
}

// Perft counts the move sequences of length depth from p: the positions
// exactly depth plies deep. A game that ends earlier contributes nothing
// deeper, as in chess. p is left as it was.
func Perft(p Position, depth int) uint64 {
	if f, ok := p.(Perfter); ok {
		return f.Perft(depth)
	}
	bufs := make([][]Move, depth+1)
	return perft(p, depth, bufs)
}

func perft(p Position, depth int, bufs [][]Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.Moves(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Do(m)
		n += perft(p, depth-1, bufs)
		p.Undo()
	}
	return n
}

// RandomGame plays uniformly random legal moves from p until the game ends
// or maxPlies moves have been played, then takes them all back, leaving p as
// it was. It returns the number of plies played, the outcome reached and
// buf, the scratch space for move lists, grown as needed: pass it to the
// next call to avoid allocating.
func RandomGame(p Position, r *rand.Rand, maxPlies int, buf []Move) (int, Outcome, []Move) {
	plies := 0
	for plies < maxPlies {
		buf = p.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		p.Do(buf[r.IntN(len(buf))])
		plies++
	}
	o := p.Outcome()
	for i := 0; i < plies; i++ {
		p.Undo()
	}
	return plies, o, buf
}
