// Package render draws the boards of zugbot's games as images: a PNG of a
// position, with the last move, check, whose turn it is and the players'
// names, and an animated GIF replay of a whole game.
//
// One renderer serves every game: it reads only the engine contract (the
// variant's geometry and side names, and a position's pieces, turn and
// outcome). What does not depend on the position (the board, the piece
// artwork, the palette) is drawn once per variant and kept.
package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/zugbot/zugbot/engine"
)

// Size is the long side of a PNG, in pixels. Boards much wider than tall
// get a wider image, so that their cells stay legible.
const Size = 800

// Renderer draws boards. It keeps the parsed fonts and, per variant, the
// static board, the sprites and the palette. It is safe for concurrent use.
type Renderer struct {
	fonts     fonts
	maxFrames int // MaxFrames; tests lower it
	mu        sync.Mutex
	layouts   map[layoutKey]*layoutOnce
	enc       png.Encoder
	// slots holds a token per board being drawn into a PNG, one per core
	// at the most: drawing is CPU work only, and more at once than cores
	// would only make each take longer, and hold up the CPU for the
	// caller's other goroutines (a bot's gateway reader, its quick
	// answers) the more.
	slots chan struct{}
}

type layoutKey struct {
	v    *engine.Variant
	size int
	flip bool
}

// layoutOnce builds one layout, once, without holding up the others.
type layoutOnce struct {
	once sync.Once
	l    *layout
}

// New returns a Renderer.
func New() *Renderer {
	fs, err := parseFonts()
	if err != nil {
		// The fonts are embedded: failing to read them is a broken build.
		panic("render: " + err.Error())
	}
	return &Renderer{
		fonts:     fs,
		maxFrames: MaxFrames,
		layouts:   make(map[layoutKey]*layoutOnce),
		enc:       png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderPool{}},
		slots:     make(chan struct{}, runtime.NumCPU()),
	}
}

// encoderPool lets PNG encodings share their compressors.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

// Options says what to show besides the position. The zero Options shows
// the board from the first side with nothing highlighted.
type Options struct {
	// Viewer, if not nil, is the side of the player looking at the board:
	// the board is turned so that this side is at the bottom.
	Viewer *engine.Side
	// LastMove, if not nil, is the move that led to the position, as the
	// position before it described it (Position.Describe): its path and
	// the pieces it took are marked.
	LastMove *engine.MoveInfo
	// Selected, if not nil, is a point whose piece the player has chosen:
	// it and the legal destinations of its piece are marked.
	Selected *int
	// Players are the names of the players by side; an empty name shows
	// the side's name.
	Players [2]string
	// Ratings are the players' ratings as text ("1500"), shown beside
	// their names when not empty.
	Ratings [2]string
	// Caption replaces the line under the board, which otherwise says
	// whose turn it is or how the game ended.
	Caption string
	// Arrows are moves to point out in the position, drawn over the
	// pieces: a suggested move, or a move played and a better one.
	Arrows []Arrow
}

// An Arrow points out a move not (yet) played, along its path.
type Arrow struct {
	// Move is the move as the position describes it (Position.Describe).
	Move engine.MoveInfo
	// Kind says what the move is, and so the arrow's colour.
	Kind ArrowKind
}

// ArrowKind is what an arrow points out.
type ArrowKind uint8

// The kinds of arrows.
const (
	Better ArrowKind = iota // a good move: a hint, or the move that should have been played
	Played                  // the move that was played, when it was a mistake
)

// scene is what one image shows.
type scene struct {
	pieces  []engine.Piece
	turn    engine.Side
	outcome engine.Outcome
	check   int // the point of a king in check, or -1
	last    *engine.MoveInfo
	sel     int // the selected point, or -1
	targets []int
	players [2]string
	ratings [2]string
	caption string
	arrows  []Arrow
}

// PNG writes the image of p as a PNG. At most one board per core is drawn
// at once; the others wait their turn. w should be memory (a
// bytes.Buffer): a slow writer would hold a core's turn.
func (r *Renderer) PNG(w io.Writer, p engine.Position, opt Options) error {
	l, sc, err := r.prepare(p, opt, Size)
	if err != nil {
		return err
	}
	r.slots <- struct{}{}
	pal, _ := l.paletted.Get().(*image.Paletted)
	if pal == nil {
		pal = image.NewPaletted(l.bounds, l.q.pal)
	}
	r.draw(l, sc, pal)
	err = encodePNG(w, pal)
	l.paletted.Put(pal)
	<-r.slots
	if err != nil {
		return fmt.Errorf("render: encode png: %w", err)
	}
	return nil
}

// Image returns the image of p.
func (r *Renderer) Image(p engine.Position, opt Options) (*image.Paletted, error) {
	l, sc, err := r.prepare(p, opt, Size)
	if err != nil {
		return nil, err
	}
	pal := image.NewPaletted(l.bounds, l.q.pal)
	r.draw(l, sc, pal)
	return pal, nil
}

// draw paints sc into dst, a paletted image of l's bounds.
func (r *Renderer) draw(l *layout, sc *scene, dst *image.Paletted) {
	im := l.paint(&r.fonts, sc)
	l.q.quantize(dst, im)
	l.scratch.Put(im)
}

// prepare checks the options against p and returns the layout and the scene
// to draw.
func (r *Renderer) prepare(p engine.Position, opt Options, size int) (*layout, *scene, error) {
	v := p.Variant()
	if v == nil || v.Geometry == nil || len(v.Geometry.Points) == 0 {
		return nil, nil, errors.New("render: the position's variant has no board geometry")
	}
	n := len(v.Geometry.Points)
	flip := false
	if opt.Viewer != nil {
		if *opt.Viewer > 1 {
			return nil, nil, fmt.Errorf("render: viewer side %d does not exist", *opt.Viewer)
		}
		flip = *opt.Viewer == 1
	}
	sc := &scene{
		pieces:  make([]engine.Piece, n),
		turn:    p.Turn(),
		outcome: p.Outcome(),
		check:   -1,
		sel:     -1,
		players: opt.Players,
		ratings: opt.Ratings,
		caption: opt.Caption,
	}
	for i := range sc.pieces {
		sc.pieces[i] = p.Piece(i)
	}
	if cr, ok := p.(engine.CheckReporter); ok {
		if pt, in := cr.InCheck(); in {
			if pt < 0 || pt >= n {
				return nil, nil, fmt.Errorf("render: king in check on point %d, outside the board", pt)
			}
			sc.check = pt
		}
	}
	if m := opt.LastMove; m != nil {
		for _, pts := range [][]int{m.Path, m.Taken} {
			for _, i := range pts {
				if i < 0 || i >= n {
					return nil, nil, fmt.Errorf("render: last move names point %d; the board has points 0 to %d", i, n-1)
				}
			}
		}
		sc.last = m
	}
	for _, a := range opt.Arrows {
		if len(a.Move.Path) < 2 || a.Kind > Played {
			return nil, nil, fmt.Errorf("render: an arrow needs a path of 2 points or more and a known kind, not %v (kind %d)", a.Move.Path, a.Kind)
		}
		for _, i := range a.Move.Path {
			if i < 0 || i >= n {
				return nil, nil, fmt.Errorf("render: an arrow names point %d; the board has points 0 to %d", i, n-1)
			}
		}
	}
	sc.arrows = opt.Arrows
	if opt.Selected != nil {
		i := *opt.Selected
		if i < 0 || i >= n {
			return nil, nil, fmt.Errorf("render: selected point %d; the board has points 0 to %d", i, n-1)
		}
		sc.sel = i
		sc.targets = Destinations(p, i)
	}
	return r.layout(v, size, flip, p), sc, nil
}

// Destinations returns the points where the legal moves of the piece on
// point i end, each once, in the order of the moves.
func Destinations(p engine.Position, i int) []int {
	var out []int
	seen := make(map[int]bool)
	for _, m := range engine.From(p, i) {
		path := p.Describe(m).Path
		if d := path[len(path)-1]; !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// layout returns the layout of v at the given size, building it on first
// use; p is a position of v, which tells whether the game has check.
func (r *Renderer) layout(v *engine.Variant, size int, flip bool, p engine.Position) *layout {
	k := layoutKey{v, size, flip}
	r.mu.Lock()
	e := r.layouts[k]
	if e == nil {
		e = &layoutOnce{}
		r.layouts[k] = e
	}
	r.mu.Unlock()
	e.once.Do(func() {
		_, check := p.(engine.CheckReporter)
		e.l = newLayout(&r.fonts, v, size, flip, check)
	})
	return e.l
}

// paint draws scene sc into a scratch image of the layout's bounds. The
// caller puts the image back into l.scratch when done with it.
func (l *layout) paint(fs *fonts, sc *scene) *image.RGBA {
	im, _ := l.scratch.Get().(*image.RGBA)
	if im == nil {
		im = image.NewRGBA(l.bounds)
	}
	copy(im.Pix, l.static.Pix)
	put := func(sprite *image.RGBA, i int) { blit(im, l.spots[i].Min, sprite) }
	// Under the pieces: the points of the last move's path, the chosen
	// piece, check.
	if sc.last != nil {
		for _, i := range sc.last.Path {
			put(l.lastT, i)
		}
	}
	if sc.check >= 0 {
		put(l.check, sc.check)
	}
	if sc.sel >= 0 {
		put(l.selT, sc.sel)
	}
	// The destinations of the moves pointed out, framed in their arrows'
	// colours, the better one's last.
	for k := Played; ; k-- {
		for _, a := range sc.arrows {
			if p := a.Move.Path; a.Kind == k && len(p) > 1 && int(k) < len(l.aim) {
				put(l.aim[k], p[len(p)-1])
			}
		}
		if k == Better {
			break
		}
	}
	for i, pc := range sc.pieces {
		if sp, ok := l.pieces[pc.Kind]; ok {
			put(sp[pc.Side&1], i)
		}
	}
	// Over them: the last move's arrow, drawn the same way in every game
	// along its path up to the piece that moved, over any piece it jumped;
	// destinations and captures.
	if sc.last != nil {
		l.arrow(im, sc.last.Path, lastArrow())
	}
	for _, i := range sc.targets {
		// An occupied point, or one with a sign (Zonal Chess's Z), is
		// marked around its edge, which leaves what is on it readable.
		if sc.pieces[i].Kind != nil || l.g.Points[i].Sign != "" {
			put(l.ring, i)
		} else {
			put(l.dot, i)
		}
	}
	if sc.last != nil {
		path := sc.last.Path
		for _, i := range sc.last.Taken {
			switch {
			case len(path) > 0 && i == path[len(path)-1]:
				// Taken where the mover landed: its square is marked.
			case sc.pieces[i].Kind != nil:
				put(l.turned, i)
			default:
				put(l.cross, i)
			}
		}
	}
	for _, lb := range l.labels {
		blit(im, lb.r.Min, lb.im)
	}
	// On top: the moves pointed out, the played one under the better.
	for k := Played; ; k-- {
		for _, a := range sc.arrows {
			if a.Kind == k {
				l.arrow(im, a.Move.Path, pointed(k))
			}
		}
		if k == Better {
			break
		}
	}
	l.strips(im, fs, sc)
	return im
}

// arrowStyle is how an arrow is drawn: its colour, its outline's and its
// opacity, and its width and the gap left before its end, as shares of a
// spot.
type arrowStyle struct {
	fill, edge color.RGBA
	alpha      float64
	width, gap float64
}

// lastArrow is the last move's path, whose head stops at the rim of the
// piece that moved; pointed is a move pointed out (see Arrow), bolder, up
// to the middle of its destination. Both are drawn over the pieces,
// outlined in dark, which light squares show, while their bodies show on
// dark ones.
func lastArrow() arrowStyle { return arrowStyle{lastLight, lastDark, 1, 0.11, 0.44} }
func pointed(k ArrowKind) arrowStyle {
	return arrowStyle{arrowCols[k], lastDark, arrowAlpha, 0.16, 0.12}
}

// arrow draws the path of a move as a line from its start through its
// landings, with a head, in an outline.
func (l *layout) arrow(im *image.RGBA, path []int, st arrowStyle) {
	if len(path) < 2 {
		return
	}
	s := float64(l.spot)
	pts := make([]gg.Point, len(path))
	for k, i := range path {
		pts[k] = l.centre[i]
	}
	end, prev := pts[len(pts)-1], pts[len(pts)-2]
	dx, dy := end.X-prev.X, end.Y-prev.Y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return
	}
	dx, dy = dx/d, dy/d
	rim := st.gap * s
	head := math.Min((0.14+st.width)*s, math.Max(d-rim, 0))
	tip := gg.Point{X: end.X - dx*rim, Y: end.Y - dy*rim}
	base := gg.Point{X: tip.X - dx*head, Y: tip.Y - dy*head}
	w := (0.06 + st.width) * s
	e := edgeWidth(l.spot)

	// An arrow seen through is drawn whole on a layer of its own, laid
	// on at its opacity: its outline does not show through its body.
	dst, off := im, image.Point{}
	if st.alpha < 1 {
		var box image.Rectangle
		for _, p := range pts {
			box = box.Union(image.Rect(int(p.X-s), int(p.Y-s), int(p.X+s), int(p.Y+s)))
		}
		box = box.Intersect(im.Rect)
		dst, off = image.NewRGBA(image.Rect(0, 0, box.Dx(), box.Dy())), box.Min
		defer func() {
			a := image.NewUniform(color.Alpha{uint8(st.alpha*255 + 0.5)})
			draw.DrawMask(im, box, dst, image.Point{}, a, image.Point{}, draw.Over)
		}()
	}
	dc := gg.NewContextForRGBA(dst)
	dc.Translate(-float64(off.X), -float64(off.Y))
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	for _, pass := range []struct {
		c    color.RGBA
		grow float64
	}{{st.edge, e}, {st.fill, 0}} {
		dc.SetColor(pass.c)
		dc.SetLineWidth(st.width*s + 2*pass.grow)
		dc.MoveTo(pts[0].X, pts[0].Y)
		for _, p := range pts[1 : len(pts)-1] {
			dc.LineTo(p.X, p.Y)
		}
		dc.LineTo(base.X+dx, base.Y+dy)
		dc.Stroke()
		dc.MoveTo(tip.X, tip.Y)
		dc.LineTo(base.X-dy*w, base.Y+dx*w)
		dc.LineTo(base.X+dy*w, base.Y-dx*w)
		dc.ClosePath()
		if pass.grow > 0 {
			dc.SetLineWidth(2 * pass.grow)
			dc.StrokePreserve()
		}
		dc.Fill()
	}
}

// strips draws the players' strips and the status line.
func (l *layout) strips(im *image.RGBA, fs *fonts, sc *scene) {
	name := fs.text(fs.bold, l.namePx)
	small := fs.text(fs.regular, l.smallPx)
	top, bottom := engine.Side(1), engine.Side(0)
	if l.flip {
		top, bottom = 0, 1
	}
	for _, x := range []struct {
		side engine.Side
		r    image.Rectangle
	}{{top, l.header}, {bottom, l.footer}} {
		l.player(im, name, small, sc, x.side, x.r)
	}
	text := sc.caption
	if text == "" {
		text = l.statusText(sc)
	}
	w := float64(l.status.Dx())
	face, lines := l.statusLines(fs, small, text, w-2*0.03*float64(l.size))
	lh := 1.2 * face.px
	mid := float64(l.status.Min.Y+l.status.Max.Y) / 2
	for k, line := range lines {
		face.drawCentred(im, w/2, mid+(float64(k)-float64(len(lines)-1)/2)*lh, textMain, line)
	}
}

// statusLines lays out the status line in room pixels: one line in face,
// or if it is too long two, broken at the space that balances them best (a
// semicolon's if it can), in face or smaller, down to what a phone still
// reads; each is cut short beyond that.
func (l *layout) statusLines(fs *fonts, face *typeface, text string, room float64) (*typeface, []string) {
	tw := face.measure(text)
	if tw <= room {
		return face, []string{text}
	}
	var lines []string
	best := math.Inf(1)
	for i, r := range text {
		if r != ' ' {
			continue
		}
		a, b := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i:])
		wide := max(face.measure(a), face.measure(b))
		if strings.HasSuffix(a, ";") {
			wide *= 0.8 // a semicolon's break, unless another is much better
		}
		if wide < best {
			best, lines = wide, []string{a, b}
		}
	}
	if lines == nil {
		lines, best = []string{text}, tw
	}
	if best > room {
		face = fs.text(fs.regular, max(l.statusMinPx, face.px*room/best))
	}
	for k := range lines {
		lines[k] = face.fit(lines[k], room)
	}
	return face, lines
}

// player draws one player's strip in r: the side's swatch, the name, the
// rating and a tag saying whether it is their turn, or how the game ended.
func (l *layout) player(im *image.RGBA, name, small *typeface, sc *scene, side engine.Side, r image.Rectangle) {
	pad := 0.025 * float64(l.size)
	cy := float64(r.Min.Y+r.Max.Y) / 2
	sw := l.swatch[side]
	x := r.Min.X + int(pad)
	y := int(cy) - sw.Rect.Dy()/2
	blit(im, image.Pt(x, y), sw)

	tag := noTag
	switch o := sc.outcome; {
	case o.Status == engine.Win && o.Winner == side:
		tag = tagWinner
	case o.Status == engine.Draw:
		tag = tagDrawn
	case !o.Over() && sc.turn == side && sc.check >= 0:
		tag = tagInCheck
	case !o.Over() && sc.turn == side:
		tag = tagToMove
	}
	right := float64(r.Max.X) - pad
	if tag != noTag {
		t := l.tags[tag]
		tx := r.Max.X - int(pad) - t.Rect.Dx()
		ty := int(cy) - t.Rect.Dy()/2
		blit(im, image.Pt(tx, ty), t)
		right = float64(tx) - pad
	}

	tx := float64(x+sw.Rect.Dx()) + 0.6*pad
	who, label := l.nameLine(sc, side)
	rating := sc.ratings[side]
	room := right - tx
	if rating != "" {
		rating = small.fit(rating, room/3)
		room -= small.measure(rating) + 0.5*pad
	}
	if label != "" {
		label = small.fit(label, room/3)
		room -= small.measure(label)
	}
	who = name.fit(who, room)
	col := textMain
	if tag == noTag {
		col = textDim
	}
	end := name.draw(im, tx, cy+name.height()/2, col, who)
	if label != "" {
		end = small.draw(im, end, cy+name.height()/2, textDim, label)
	}
	if rating != "" {
		small.draw(im, end+0.5*pad, cy+name.height()/2, textDim, rating)
	}
}

// nameLine returns what a player's strip says of them: their name and,
// after it, the side they play (" · Red"), which a player who cannot tell
// the swatch's colour reads; or the side's name alone, with no label.
func (l *layout) nameLine(sc *scene, side engine.Side) (who, label string) {
	who = sc.players[side]
	if who == "" {
		return l.sides[side], ""
	}
	return who, " · " + l.sides[side]
}

// statusText says whose turn it is, or how the game ended.
func (l *layout) statusText(sc *scene) string {
	o := sc.outcome
	switch o.Status {
	case engine.Win:
		return withReason(l.sides[o.Winner&1]+" wins", o.Reason)
	case engine.Draw:
		return withReason("Draw", o.Reason)
	}
	s := l.sides[sc.turn&1] + " to move"
	if sc.check >= 0 {
		s += ", in check"
	}
	if sc.last != nil && len(sc.last.Path) == 0 {
		s = l.sides[sc.turn.Other()&1] + " passed; " + s
	}
	return s
}

// withReason appends the reason a game ended, if there is one.
func withReason(s, reason string) string {
	if reason == "" {
		return s
	}
	return s + " (" + reason + ")"
}

// blit draws sprite src, whose bounds start at (0, 0), over dst with its
// top left corner at p. It is draw.Draw with draw.Over, made faster for
// sprites, whose pixels are mostly either transparent or opaque.
func blit(dst *image.RGBA, p image.Point, src *image.RGBA) {
	r := src.Rect.Add(p).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	n := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, y):][:n:n]
		s := src.Pix[src.PixOffset(r.Min.X-p.X, y-p.Y):][:n:n]
		for i := 0; i+3 < n; i += 4 {
			switch a := uint32(s[i+3]); a {
			case 0:
			case 0xff:
				copy(d[i:i+4], s[i:i+4])
			default:
				k := 0xff - a
				d[i] = uint8(uint32(s[i]) + (uint32(d[i])*k+0x7f)/0xff)
				d[i+1] = uint8(uint32(s[i+1]) + (uint32(d[i+1])*k+0x7f)/0xff)
				d[i+2] = uint8(uint32(s[i+2]) + (uint32(d[i+2])*k+0x7f)/0xff)
				d[i+3] = uint8(a + (uint32(d[i+3])*k+0x7f)/0xff)
			}
		}
	}
}
