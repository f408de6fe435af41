package render

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"slices"

	"github.com/zugbot/zugbot/engine"
)

// The replay's limits.
const (
	// GIFSize is the long side of a replay's frames, in pixels.
	GIFSize = 480
	// MaxFrames is the most frames a replay shows.
	MaxFrames = 200
)

// How long each frame stays up, in hundredths of a second.
const (
	frameDelay = 70
	startDelay = 120
	finalDelay = 400
)

// transparent is the palette index of a replay frame's unchanged pixels.
const transparent = maxColours

// GIF writes an animated GIF replay of a game: the position start, then
// one frame after each of moves, legal in turn, with a longer pause on the
// final position. A game of more than MaxFrames positions is shown at
// evenly spaced plies, always ending on the final position. Viewer,
// Players and Ratings apply to every frame; each frame's caption gives the
// ply, the move and the status, after opt.Caption if it is set. start is
// left unchanged.
func (r *Renderer) GIF(ctx context.Context, w io.Writer, start engine.Position, moves []engine.Move, opt Options) error {
	p := start.Clone()
	n := len(moves)
	shown := frames(n, r.maxFrames)
	var buf []engine.Move
	texts := make([]string, n)
	infos := make([]engine.MoveInfo, n)
	// First check every move, so that a bad one writes nothing.
	for k, m := range moves {
		buf = p.Moves(buf[:0])
		if !slices.Contains(buf, m) {
			return fmt.Errorf("render: move %d of the replay is not legal in its position", k+1)
		}
		texts[k], infos[k] = p.FormatMove(m), p.Describe(m)
		p.Do(m)
	}
	for range n {
		p.Undo()
	}

	var g gif.GIF
	var pal color.Palette
	var prev, cur *image.Paletted
	ply := 0
	for _, k := range shown {
		if err := ctx.Err(); err != nil {
			return err
		}
		for ; ply < k; ply++ {
			p.Do(moves[ply])
		}
		o := opt
		o.LastMove, o.Selected = nil, nil
		var move string
		if k > 0 {
			o.LastMove = &infos[k-1]
			move = texts[k-1] + " — "
		}
		l, sc, err := r.prepare(p, o, GIFSize)
		if err != nil {
			return err
		}
		sc.caption = fmt.Sprintf("%d/%d  %s%s", k, n, move, l.statusText(sc))
		if opt.Caption != "" {
			sc.caption = opt.Caption + " — " + sc.caption
		}
		if pal == nil {
			pal = append(slices.Clip(l.q.pal), color.RGBA{})
			prev, cur = image.NewPaletted(l.bounds, pal), image.NewPaletted(l.bounds, pal)
			g.Config = image.Config{ColorModel: pal, Width: l.bounds.Dx(), Height: l.bounds.Dy()}
		}
		r.draw(l, sc, cur)

		frame := delta(prev, cur, len(g.Image) == 0)
		delay := frameDelay
		switch {
		case k == n:
			delay = finalDelay
		case k == 0:
			delay = startDelay
		}
		g.Image = append(g.Image, frame)
		g.Delay = append(g.Delay, delay)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	if err := gif.EncodeAll(w, &g); err != nil {
		return fmt.Errorf("render: encode gif: %w", err)
	}
	return nil
}

// frames returns the plies to show for a game of n plies: all of them, or
// limit evenly spaced from the start to the end.
func frames(n, limit int) []int {
	limit = max(limit, 2) // the start and the end
	if n+1 <= limit {
		out := make([]int, n+1)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, limit)
	for i := range out {
		out[i] = i * n / (limit - 1)
	}
	return out
}

// delta returns the frame that turns prev into cur: the smallest rectangle
// holding every change, with the unchanged pixels in it transparent. The
// first frame is cur whole.
func delta(prev, cur *image.Paletted, first bool) *image.Paletted {
	if first {
		f := image.NewPaletted(cur.Rect, cur.Palette)
		copy(f.Pix, cur.Pix)
		return f
	}
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	x0, y0, x1, y1 := w, h, -1, -1
	for y := range h {
		row, old := cur.Pix[y*w:][:w], prev.Pix[y*w:][:w]
		for x := range w {
			if row[x] != old[x] {
				x0, x1 = min(x0, x), max(x1, x)
				y0, y1 = min(y0, y), max(y1, y)
			}
		}
	}
	if x1 < 0 { // nothing changed: one transparent pixel
		f := image.NewPaletted(image.Rect(0, 0, 1, 1), cur.Palette)
		f.Pix[0] = transparent
		return f
	}
	r := image.Rect(x0, y0, x1+1, y1+1)
	f := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row, old := cur.Pix[y*w+x0:y*w+x1+1], prev.Pix[y*w+x0:y*w+x1+1]
		out := f.Pix[(y-r.Min.Y)*f.Stride:][:len(row)]
		for x, c := range row {
			if c == old[x] {
				c = transparent
			}
			out[x] = c
		}
	}
	return f
}
