package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/enginetest"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
	"github.com/zugbot/zugbot/games"
)

// decode renders p as a PNG and decodes it, as a Discord client would.
func decode(t *testing.T, r *Renderer, p engine.Position, opt Options) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := r.PNG(&buf, p, opt); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	return im
}

// spotOf returns where point name lies in the images of v drawn with the
// given viewer.
func spotOf(t *testing.T, r *Renderer, p engine.Position, viewer *engine.Side, name string) image.Rectangle {
	t.Helper()
	l, _, err := r.prepare(p, Options{Viewer: viewer}, Size)
	if err != nil {
		t.Fatal(err)
	}
	i := p.Variant().Geometry.PointIndex(name)
	if i < 0 {
		t.Fatalf("no point %s", name)
	}
	return l.spots[i]
}

func centre(r image.Rectangle) image.Point { return r.Min.Add(r.Size().Div(2)) }

// over returns colour c drawn over opaque colour bg.
func over(c, bg color.RGBA) color.RGBA {
	k := 255 - uint32(c.A)
	f := func(s, d uint8) uint8 { return uint8(uint32(s) + (uint32(d)*k+127)/255) }
	return color.RGBA{f(c.R, bg.R), f(c.G, bg.G), f(c.B, bg.B), 255}
}

// near reports whether colour got is within tol of want in every channel.
func near(got color.Color, want color.RGBA, tol int) bool {
	return channelDiff(got, want) <= tol
}

func TestLongSideAndFileSize(t *testing.T) {
	r := New()
	for _, g := range goldens() {
		t.Run(g.name, func(t *testing.T) {
			p, opt := g.setup(t)
			var buf bytes.Buffer
			if err := r.PNG(&buf, p, opt); err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if long := max(cfg.Width, cfg.Height); long < 800 {
				t.Errorf("image is %d×%d, want at least 800 pixels on the long side", cfg.Width, cfg.Height)
			}
			if buf.Len() > 80<<10 {
				t.Errorf("PNG is %d bytes, want at most 80 KB", buf.Len())
			}
		})
	}
}

func TestFlatColoursAreExact(t *testing.T) {
	r := New()
	p := enginetest.MustParse(t, zola.Zola, "5B/6/6/6/6/R5 R")
	im := decode(t, r, p, Options{})
	g := zola.Zola.Geometry
	for _, name := range []string{"b1", "c1", "d4", "e6"} {
		pt := g.Points[g.PointIndex(name)]
		at := spotOf(t, r, p, nil, name).Min.Add(image.Pt(3, 3))
		if got, want := im.At(at.X, at.Y), cellColour(pt.Mark, pt.Shade); !near(got, want, 0) {
			t.Errorf("square %s is %v, want exactly %v", name, got, want)
		}
	}
	if got := im.At(1, 1); !near(got, stripBG, 0) {
		t.Errorf("header is %v, want exactly %v", got, stripBG)
	}
}

func TestViewerAtTheBottom(t *testing.T) {
	r := New()
	p := enginetest.MustParse(t, zola.Zola, "5B/6/6/6/6/R5 R") // red on a1, blue on f6
	red, blue := sideStyle("Red", 0).fill, sideStyle("Blue", 1).fill
	for _, tt := range []struct {
		name           string
		viewer         *engine.Side
		bottom, topCol color.RGBA
	}{
		{"no viewer", nil, red, blue},
		{"Red", new(zola.Red), red, blue},
		{"Blue", new(zola.Blue), blue, red},
	} {
		t.Run(tt.name, func(t *testing.T) {
			im := decode(t, r, p, Options{Viewer: tt.viewer})
			a1, f6 := spotOf(t, r, p, tt.viewer, "a1"), spotOf(t, r, p, tt.viewer, "f6")
			bottomLeft, topRight := a1, f6
			if a1.Min.Y < f6.Min.Y {
				bottomLeft, topRight = f6, a1
			}
			if bottomLeft.Min.X > topRight.Min.X {
				t.Errorf("a1 at %v and f6 at %v are not in opposite corners", a1, f6)
			}
			// A little off the centre, where a disc may carry a dot.
			off := image.Pt(bottomLeft.Dx()/6, 0)
			if c := centre(bottomLeft).Add(off); !near(im.At(c.X, c.Y), tt.bottom, 10) {
				t.Errorf("bottom left checker is %v, want %v", im.At(c.X, c.Y), tt.bottom)
			}
			if c := centre(topRight).Add(off); !near(im.At(c.X, c.Y), tt.topCol, 10) {
				t.Errorf("top right checker is %v, want %v", im.At(c.X, c.Y), tt.topCol)
			}
		})
	}
}

func TestLastMoveMarked(t *testing.T) {
	r := New()
	p, last := play(t, zola.Zola, "b6xb5")
	g := zola.Zola.Geometry
	plain := decode(t, r, p, Options{})
	marked := decode(t, r, p, Options{LastMove: last})
	for _, name := range []string{"b6", "b5"} {
		pt := g.Points[g.PointIndex(name)]
		spot := spotOf(t, r, p, nil, name)
		at := spot.Min.Add(image.Pt(spot.Dx()/9, spot.Dx()/9)) // inside the frame, beside any checker
		want := over(lastTint, cellColour(pt.Mark, pt.Shade))
		edge := spot.Min.Add(image.Pt(1, spot.Dy()/2))
		if got := marked.At(edge.X, edge.Y); !near(got, over(lastDark, want), 6) {
			t.Errorf("%s's frame is %v, want %v", name, got, over(lastDark, want))
		}
		if got := marked.At(at.X, at.Y); !near(got, want, 6) {
			t.Errorf("%s with the last move marked is %v, want %v", name, got, want)
		}
		if got := plain.At(at.X, at.Y); near(got, want, 6) {
			t.Errorf("%s without a last move is %v, the highlight colour", name, got)
		}
	}
}

// TestArrowsMarked checks that the moves pointed out (a hint, or a move
// played and a better one) are drawn over the board along their paths, each
// kind in its colour.
func TestArrowsMarked(t *testing.T) {
	r := New()
	p := zola.Zola.Start()
	moves := p.Moves(nil)
	a, b := p.Describe(moves[0]), p.Describe(moves[len(moves)-1])
	plain := decode(t, r, p, Options{})
	marked := decode(t, r, p, Options{Arrows: []Arrow{{Move: a, Kind: Better}, {Move: b, Kind: Played}}})
	for _, tt := range []struct {
		info engine.MoveInfo
		kind ArrowKind
	}{{a, Better}, {b, Played}} {
		l, _, err := r.prepare(p, Options{}, Size)
		if err != nil {
			t.Fatal(err)
		}
		from, to := l.centre[tt.info.Path[0]], l.centre[tt.info.Path[1]]
		// Just short of half way: between the piece it leaves and the
		// frame of its destination.
		x, y := int(from.X+(to.X-from.X)*0.46), int(from.Y+(to.Y-from.Y)*0.46)
		bg := color.RGBAModel.Convert(plain.At(x, y)).(color.RGBA)
		want := over(rgba(hex(arrowCols[tt.kind]), arrowAlpha), bg)
		if got := marked.At(x, y); !near(got, want, 8) {
			t.Errorf("arrow %d along %v: near half way %v, want %v", tt.kind, tt.info.Path, got, want)
		}
	}
}

func TestCaptureAtTheEndIsNotCrossed(t *testing.T) {
	// In Zola the capturer lands on the captured checker: its square is
	// highlighted, and the checker now there is drawn whole.
	r := New()
	p, last := play(t, zola.Zola, "b6xb5")
	if len(last.Taken) != 1 {
		t.Fatalf("b6xb5 takes %v, want one checker", last.Taken)
	}
	im := decode(t, r, p, Options{LastMove: last})
	c := centre(spotOf(t, r, p, nil, "b5"))
	if want := sideStyle("Red", 0).fill; !near(im.At(c.X, c.Y), want, 10) {
		t.Errorf("centre of b5 is %v, want the red checker %v", im.At(c.X, c.Y), want)
	}
}

func TestTakenMarked(t *testing.T) {
	r := New()
	v := fixture("lattice", [2]string{"Black", "White"}, latticeGeometry(), man, mullah)
	pi := v.Geometry.PointIndex
	b := place(v, 1, map[string]engine.Piece{"e5": {Kind: man}, "d6": {Kind: man, Side: 1}})
	last := &engine.MoveInfo{Path: []int{pi("a1"), pi("c3"), pi("e5")}, Taken: []int{pi("b2"), pi("d6")}}
	im := decode(t, r, b, Options{LastMove: last})
	// b2 is empty: a red cross on it, its two strokes over a white edge.
	cross := over(takenCol, over(takenCol, over(rgba(0xffffff, 0.7), panelCol)))
	if c := centre(spotOf(t, r, b, nil, "b2")); !near(im.At(c.X, c.Y), cross, 8) {
		t.Errorf("centre of the captured b2 is %v, want the red cross", im.At(c.X, c.Y))
	}
	// d6 still holds a piece (turned over, as in Zodiac): a ring dashed
	// in white on a dark one round it, where a dash starts (to the right).
	s := spotOf(t, r, b, nil, "d6")
	c := centre(s)
	dark, light := false, false
	for x := c.X + s.Dx()/3; x < c.X+s.Dx()/2; x++ {
		dark = dark || near(im.At(x, c.Y), turnedEdge, 30)
		light = light || near(im.At(x, c.Y), turnedCol, 30)
	}
	if !dark || !light {
		t.Errorf("rim of the turned d6: white dash %v, dark ring %v; want both", light, dark)
	}
}

func TestSelectedPieceAndDestinations(t *testing.T) {
	r := New()
	p := zola.Zola.Start()
	g := zola.Zola.Geometry
	a1 := g.PointIndex("a1")
	got := Destinations(p, a1)
	want := []int{g.PointIndex("a2"), g.PointIndex("b1")}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("destinations of a1: %v, want %v (a2, b1)", got, want)
	}
	if d := Destinations(p, g.PointIndex("a2")); len(d) != 0 {
		t.Errorf("destinations of Blue's a2 on Red's turn: %v, want none", d)
	}

	plain := decode(t, r, p, Options{})
	picked := decode(t, r, p, Options{Selected: &a1})
	for _, name := range []string{"a2", "b1"} {
		s := spotOf(t, r, p, nil, name)
		at := s.Min.Add(image.Pt(s.Dx()/12, s.Dx()/12)) // inside the corner triangle, off its dark edge
		if c := picked.At(at.X, at.Y); !near(c, captureCol, 8) {
			t.Errorf("corner of destination %s is %v, want the capture mark", name, c)
		}
	}
	// The chosen a1: its frame, light outside and dark inside, around the
	// blue wash.
	s := spotOf(t, r, p, nil, "a1")
	e := edgeWidth(s.Dx())
	for _, tt := range []struct {
		what string
		in   float64
		want color.RGBA
	}{
		{"outer band", 0.5 * e, targetHalo},
		{"inner band", 1.5 * e, targetCol},
		{"wash", 2.6 * e, over(selectTint, cellColour(0, 1))},
	} {
		at := s.Min.Add(image.Pt(int(tt.in), int(tt.in))) // in the corner, off the checker
		if c := picked.At(at.X, at.Y); !near(c, tt.want, 8) {
			t.Errorf("the selected a1's %s is %v, want %v", tt.what, c, tt.want)
		}
	}
	at := spotOf(t, r, p, nil, "c3").Min.Add(image.Pt(2, 2))
	if a, b := picked.At(at.X, at.Y), plain.At(at.X, at.Y); a != b {
		t.Errorf("c3, not a destination, changed from %v to %v", b, a)
	}
}

func TestCheckMarked(t *testing.T) {
	r := New()
	v := fixture("zonal", [2]string{"White", "Black"}, zonalGeometry(), rook, queen, king, chessBishop, knight, chessPawn)
	b := place(v, 1, map[string]engine.Piece{"i1": {Kind: king}, "i8": {Kind: king, Side: 1}})
	king := v.Geometry.PointIndex("i8")
	calm := decode(t, r, &checkBoard{board: *b, king: -1}, Options{})
	check := decode(t, r, &checkBoard{board: *b, king: king}, Options{})
	s := spotOf(t, r, b, nil, "i8")
	reds := func(im image.Image) int {
		n := 0
		for y := s.Min.Y; y < s.Max.Y; y++ {
			for x := s.Min.X; x < s.Max.X; x++ {
				r, g, b, _ := im.At(x, y).RGBA()
				if r>>8 > g>>8+80 && r>>8 > b>>8+80 {
					n++
				}
			}
		}
		return n
	}
	if n, all := reds(check), s.Dx()*s.Dy(); n < all/5 {
		t.Errorf("king in check: %d of %d pixels of its square are red, want at least a fifth", n, all)
	}
	if n := reds(calm); n != 0 {
		t.Errorf("king not in check: %d pixels of its square are red, want none", n)
	}
}

func TestStatusText(t *testing.T) {
	l := &layout{sides: [2]string{"Red", "Blue"}}
	tests := []struct {
		name string
		sc   scene
		want string
	}{
		{"turn", scene{turn: 1, check: -1}, "Blue to move"},
		{"check", scene{turn: 0, check: 3}, "Red to move, in check"},
		{"pass", scene{turn: 0, check: -1, last: &engine.MoveInfo{}}, "Blue passed; Red to move"},
		{"win", scene{outcome: engine.Outcome{Status: engine.Win, Winner: 1, Reason: "captured every enemy checker"}}, "Blue wins (captured every enemy checker)"},
		{"draw", scene{outcome: engine.Outcome{Status: engine.Draw, Reason: "stalemate"}}, "Draw (stalemate)"},
		{"draw without a reason", scene{outcome: engine.Outcome{Status: engine.Draw}}, "Draw"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := l.statusText(&tt.sc); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestBadOptions(t *testing.T) {
	r := New()
	p := zola.Zola.Start()
	tests := []struct {
		name string
		opt  Options
		want string
	}{
		{"selected off the board", Options{Selected: new(36)}, "selected point 36"},
		{"selected negative", Options{Selected: new(-1)}, "selected point -1"},
		{"path off the board", Options{LastMove: &engine.MoveInfo{Path: []int{0, 99}}}, "point 99"},
		{"taken off the board", Options{LastMove: &engine.MoveInfo{Path: []int{0, 1}, Taken: []int{-5}}}, "point -5"},
		{"no such viewer", Options{Viewer: new(engine.Side(2))}, "viewer side 2"},
		{"arrow off the board", Options{Arrows: []Arrow{{Move: engine.MoveInfo{Path: []int{0, 36}}}}}, "point 36"},
		{"arrow of one point", Options{Arrows: []Arrow{{Move: engine.MoveInfo{Path: []int{0}}}}}, "path of 2 points"},
		{"arrow of no kind", Options{Arrows: []Arrow{{Move: engine.MoveInfo{Path: []int{0, 1}}, Kind: 9}}}, "known kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := r.PNG(&buf, p, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got error %v, want one naming %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes despite the error", buf.Len())
			}
		})
	}
}

func TestNames(t *testing.T) {
	r := New()
	fs := &r.fonts
	face := fs.text(fs.bold, 24)
	if face.face('A') != face.mainFace {
		t.Errorf("A is not drawn in the main font")
	}
	if f := face.face('☃'); f == nil || f == face.mainFace {
		t.Errorf("☃ (not in the Go fonts) is not drawn in the fallback font")
	}
	if f := face.face('🐱'); f != nil {
		t.Errorf("🐱 (in neither font) has a face, want none")
	}
	long := strings.Repeat("Wolfeschlegelsteinhausen", 4)
	fit := face.fit(long, 200)
	if !strings.HasSuffix(fit, "…") || face.measure(fit) > 200 {
		t.Errorf("fit(%q, 200) = %q, %.0f pixels wide; want it cut to 200 pixels with an ellipsis", long, fit, face.measure(fit))
	}
	if got := face.fit("Ada", 200); got != "Ada" {
		t.Errorf("fit(Ada) = %q, want Ada", got)
	}
	// Long, exotic and control characters in names draw without fault.
	p := zola.Zola.Start()
	decode(t, r, p, Options{Players: [2]string{long, "Ж☃🐱\x00\n\u202e"}, Ratings: [2]string{"9999999999999", ""}})
}

func TestConcurrentRenders(t *testing.T) {
	r := New()
	type job struct {
		p   engine.Position
		opt Options
	}
	var jobs []job
	for _, g := range goldens() {
		p, opt := g.setup(t)
		jobs = append(jobs, job{p, opt})
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		var buf bytes.Buffer
		if err := r.PNG(&buf, j.p, j.opt); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.Bytes()
	}
	fresh := New() // layouts built concurrently too
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(jobs))
	for w := range 8 {
		wg.Go(func() {
			for k := range jobs {
				i := (k + w) % len(jobs)
				var buf bytes.Buffer
				// The renderer is shared; a position is not safe for
				// concurrent use, so each goroutine draws its own copy.
				if err := fresh.PNG(&buf, jobs[i].p.Clone(), jobs[i].opt); err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(buf.Bytes(), want[i]) {
					errs <- fmt.Errorf("render %d differs when run concurrently", i)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// replayFrames decodes a GIF and returns every frame as shown: each drawn
// over the ones before it.
func replayFrames(t *testing.T, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the GIF does not decode: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, f := range g.Image {
		draw.Draw(canvas, f.Rect, f, f.Rect.Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return g, out
}

// zolaGame returns the moves of a whole game of Zola, picked without
// randomness.
func zolaGame(t testing.TB) (engine.Position, []engine.Move) {
	t.Helper()
	p := zola.Zola.Start()
	q := p.Clone()
	var moves []engine.Move
	for {
		ms := q.Moves(nil)
		if len(ms) == 0 {
			return p, moves
		}
		m := ms[len(moves)*7%len(ms)]
		moves = append(moves, m)
		q.Do(m)
	}
}

func TestGIF(t *testing.T) {
	r := New()
	start, moves := zolaGame(t)
	before := engine.String(start)
	var buf bytes.Buffer
	if err := r.GIF(context.Background(), &buf, start, moves, Options{Players: [2]string{"Ada", "Grace"}}); err != nil {
		t.Fatal(err)
	}
	if engine.String(start) != before {
		t.Errorf("GIF changed the start position to %s", engine.String(start))
	}
	g, shown := replayFrames(t, buf.Bytes())
	if len(g.Image) != len(moves)+1 {
		t.Fatalf("%d frames for a game of %d plies, want %d", len(g.Image), len(moves), len(moves)+1)
	}
	last := g.Delay[len(g.Delay)-1]
	for k, d := range g.Delay[1 : len(g.Delay)-1] {
		if d <= 0 || d >= last {
			t.Errorf("frame %d stays %d cs, want a pause shorter than the final %d", k+1, d, last)
		}
	}
	if max(g.Config.Width, g.Config.Height) > GIFSize+GIFSize/4 {
		t.Errorf("frames are %d×%d, want about %d on the long side", g.Config.Width, g.Config.Height, GIFSize)
	}

	// Every frame, as shown, has the board of a fresh render of its
	// position (the captions differ: they count the plies).
	p := start.Clone()
	for k := range shown {
		if k > 0 {
			p.Do(moves[k-1])
		}
		if k%9 != 0 && k != len(moves) {
			continue
		}
		var opt Options
		opt.Players = [2]string{"Ada", "Grace"}
		if k > 0 {
			q := start.Clone()
			for _, m := range moves[:k-1] {
				q.Do(m)
			}
			info := q.Describe(moves[k-1])
			opt.LastMove = &info
		}
		l, sc, err := r.prepare(p, opt, GIFSize)
		if err != nil {
			t.Fatal(err)
		}
		want := l.paint(&r.fonts, sc)
		q := image.NewPaletted(l.bounds, l.q.pal)
		l.q.quantize(q, want)
		board := image.Rect(0, 0, l.bounds.Dx(), l.status.Min.Y)
		if msg := compare(shown[k].SubImage(board), q.SubImage(board)); msg != "" {
			t.Errorf("frame %d: %s", k, msg)
		}
	}
}

func TestGIFBounded(t *testing.T) {
	r := New()
	r.maxFrames = 12
	start, moves := zolaGame(t)
	var buf bytes.Buffer
	if err := r.GIF(context.Background(), &buf, start, moves, Options{}); err != nil {
		t.Fatal(err)
	}
	g, shown := replayFrames(t, buf.Bytes())
	if len(g.Image) != 12 {
		t.Fatalf("%d frames, want 12", len(g.Image))
	}
	// The last frame shows the final position: the same as a replay
	// that shows every ply.
	full := New()
	var all bytes.Buffer
	if err := full.GIF(context.Background(), &all, start, moves, Options{}); err != nil {
		t.Fatal(err)
	}
	_, every := replayFrames(t, all.Bytes())
	if msg := compare(shown[len(shown)-1], every[len(every)-1]); msg != "" {
		t.Errorf("last frame of the shortened replay: %s", msg)
	}
}

func TestGIFErrors(t *testing.T) {
	r := New()
	start, moves := zolaGame(t)
	bad := slices.Clone(moves[:5])
	bad[3] = bad[2] // replayed: never legal twice in a row
	var buf bytes.Buffer
	if err := r.GIF(context.Background(), &buf, start, bad, Options{}); err == nil || !strings.Contains(err.Error(), "move 4") {
		t.Errorf("illegal 4th move: error %v, want one naming move 4", err)
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %d bytes despite the illegal move", buf.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.GIF(ctx, &buf, start, moves, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v, want context.Canceled", err)
	}
}

func TestFrames(t *testing.T) {
	tests := []struct {
		n, limit int
		want     []int
	}{
		{0, 5, []int{0}},
		{3, 5, []int{0, 1, 2, 3}},
		{4, 5, []int{0, 1, 2, 3, 4}},
		{8, 5, []int{0, 2, 4, 6, 8}},
		{10, 4, []int{0, 3, 6, 10}},
		{10, 1, []int{0, 10}},
	}
	for _, tt := range tests {
		if got := frames(tt.n, tt.limit); !slices.Equal(got, tt.want) {
			t.Errorf("frames(%d, %d) = %v, want %v", tt.n, tt.limit, got, tt.want)
		}
	}
}

func FuzzOptions(f *testing.F) {
	f.Add(0, 1, 2, -1, uint8(0))
	f.Add(35, 0, 36, 7, uint8(1))
	f.Add(-1, 1000, 3, 40, uint8(2))
	r := New()
	p, _ := play(f, zola.Zola, "b6xb5 c6xc5")
	f.Fuzz(func(t *testing.T, from, to, taken, sel int, viewer uint8) {
		opt := Options{
			LastMove: &engine.MoveInfo{Path: []int{from, to}, Taken: []int{taken}},
			Viewer:   new(engine.Side(viewer)),
		}
		if sel >= 0 {
			opt.Selected = &sel
		}
		var buf bytes.Buffer
		if err := r.PNG(&buf, p, opt); err != nil {
			return
		}
		if _, err := png.Decode(&buf); err != nil {
			t.Fatalf("accepted options %+v gave a PNG that does not decode: %v", opt, err)
		}
	})
}

// TestMarksDrawn checks, in every game, that the last move is drawn the
// same way (its points framed, an arrow along its path that is wide enough
// to see on a phone, in the light yellow of lastLight outlined in
// lastDark, even for a one-step move, which Zola used to tint only), and
// that an empty destination of the chosen piece is a dark dot in a light
// rim.
func TestMarksDrawn(t *testing.T) {
	r := New()
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			// A game a few moves in, and its piece to move with the most
			// empty destinations.
			var p engine.Position
			var last *engine.MoveInfo
			// A destination where a dot shows whole: no piece, sign, or
			// mark of the last move.
			bare := func(i int) bool {
				return p.Piece(i).Kind == nil && v.Geometry.Points[i].Sign == "" && !slices.Contains(last.Path, i) && !slices.Contains(last.Taken, i)
			}
			sel := -1
			for plies := 12; sel < 0 && plies > 0; plies-- {
				p, last = midGame(t, v, plies)
				most := 0
				for i := range v.Geometry.Points {
					if pc := p.Piece(i); pc.Kind != nil && pc.Side == p.Turn() {
						n := 0
						for _, d := range Destinations(p, i) {
							if bare(d) {
								n++
							}
						}
						if n > most {
							sel, most = i, n
						}
					}
				}
			}
			if sel < 0 {
				t.Fatalf("no piece to move with an empty destination")
			}
			l, sc, err := r.prepare(p, Options{LastMove: last, Selected: &sel}, Size)
			if err != nil {
				t.Fatal(err)
			}
			im := l.paint(&r.fonts, sc)
			defer l.scratch.Put(im)
			scale := float64(phoneWidth) / float64(l.bounds.Dx())
			s, e := float64(l.spot), edgeWidth(l.spot)
			at := func(x, y float64) color.RGBA { return im.RGBAAt(int(math.Floor(x)), int(math.Floor(y))) }

			// Across the arrow's shaft, a fifth of a spot from its start:
			// the body, then the outline.
			a, b := l.centre[last.Path[0]], l.centre[last.Path[1]]
			d := math.Hypot(b.X-a.X, b.Y-a.Y)
			ux, uy := (b.X-a.X)/d, (b.Y-a.Y)/d
			x0, y0 := a.X+0.2*s*ux, a.Y+0.2*s*uy
			body, edge := 0, 0
			for k := 0.0; k < s/2; k++ {
				c := at(x0-uy*k, y0+ux*k)
				switch {
				case edge == 0 && near(c, lastLight, 40):
					body++
				case near(c, lastDark, 60):
					edge++
				}
				if edge > 0 && !near(c, lastDark, 60) {
					break
				}
			}
			if body == 0 || edge == 0 {
				t.Fatalf("%s's last move %v: no arrow across its shaft (%d pixels of body, %d of outline)", v.ID, last.Path, body, edge)
			}
			if w := float64(2*body) * scale; w < 2 {
				t.Errorf("the arrow's body is %.1f pixels wide on a phone, want 2", w)
			}
			if w := float64(edge) * scale; w < 0.9 {
				t.Errorf("the arrow's outline is %.1f pixels wide on a phone, want 0.9", w)
			}
			t.Logf("arrow: body %.1f, outline %.1f pixels wide on a phone", float64(2*body)*scale, float64(edge)*scale)

			// The frame of the point the move left, where the arrow does
			// not cross it: half a band in from the spot's edge on a board
			// of cells, from the wash's rim on a board of lines.
			framed := 0
			for _, dir := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if dir[0]*ux+dir[1]*uy > 0.5 {
					continue // the way the arrow leaves
				}
				reach := 0.47*s - e/2
				if v.Geometry.Cells {
					reach = s/2 - e/2
				}
				if near(at(a.X+dir[0]*reach, a.Y+dir[1]*reach), lastDark, 40) {
					framed++
				}
			}
			if framed == 0 {
				t.Errorf("the point the last move left is not framed in %v", lastDark)
			}

			// An empty destination: the dark dot and its light rim.
			dots := 0
			for _, i := range sc.targets {
				if !bare(i) {
					continue
				}
				c := l.centre[i]
				if got := at(c.X, c.Y); !near(got, targetCol, 8) {
					t.Errorf("the dot on %s is %v, want %v", v.Geometry.Points[i].Name, got, targetCol)
				}
				if got := at(c.X+0.16*s+0.3*e, c.Y); !near(got, targetHalo, 40) {
					t.Errorf("the dot on %s has %v around it, want %v", v.Geometry.Points[i].Name, got, targetHalo)
				}
				dots++
			}
			if dots == 0 {
				t.Errorf("no empty destination of %s to check", v.Geometry.Points[sel].Name)
			}
		})
	}
}

// TestShortArrowShows checks that a one-square move pointed out shows on a
// phone: on Zonal Chess's wide board, where a square is about 20 phone
// pixels, the better move i2-i3 (a hint, or an analysis's blue arrow) was
// an arrow of about 40 phone pixels of blue beside the pawn. Its
// destination is now framed in its colour too.
func TestShortArrowShows(t *testing.T) {
	r := New()
	p := zonal.Zonal.Start()
	m := enginetest.MustParseMove(t, p, "i3")
	a := Arrow{Move: p.Describe(m), Kind: Better}
	l, sc, err := r.prepare(p, Options{Arrows: []Arrow{a}}, Size)
	if err != nil {
		t.Fatal(err)
	}
	im := l.paint(&r.fonts, sc)
	defer l.scratch.Put(im)
	scale := float64(phoneWidth) / float64(l.bounds.Dx())
	blue := 0
	for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
		for x := im.Rect.Min.X; x < im.Rect.Max.X; x++ {
			if near(im.RGBAAt(x, y), arrowCols[Better], 40) {
				blue++
			}
		}
	}
	area := float64(blue) * scale * scale
	if area < 100 {
		t.Errorf("the better move i2-i3: %.0f phone pixels of its blue, want 100", area)
	}
	t.Logf("the better move i2-i3: %.0f phone pixels of its blue", area)
}

// TestSideLabels checks that a player's strip names the side they play
// after their name ("alice · Red"), for a player who cannot tell the
// swatch's colour, and that on every game's board the label is whole
// beside a short name, and the strip's text stays within the strip beside
// a name too long for it.
func TestSideLabels(t *testing.T) {
	r := New()
	for _, v := range games.All() {
		t.Run(v.ID, func(t *testing.T) {
			opt := Options{Players: [2]string{"alice", "bob"}, Ratings: [2]string{"1500", "1623?"}}
			l, sc, err := r.prepare(v.Start(), opt, Size)
			if err != nil {
				t.Fatal(err)
			}
			small := r.fonts.text(r.fonts.regular, l.smallPx)
			for side := range 2 {
				who, label := l.nameLine(sc, engine.Side(side))
				if want := " · " + v.Sides[side]; who != opt.Players[side] || label != want {
					t.Errorf("side %d: %q, %q; want %q, %q", side, who, label, opt.Players[side], want)
				}
				room := float64(l.header.Dx()) / 3
				if got := small.fit(label, room); got != label {
					t.Errorf("%q is cut to %q", label, got)
				}
			}
			// A side's name alone needs no label.
			if who, label := l.nameLine(&scene{}, 0); who != v.Sides[0] || label != "" {
				t.Errorf("no player: %q, %q; want %q alone", who, label, v.Sides[0])
			}
			// A long name: the strip's ink ends inside it.
			long := strings.Repeat("Wolfeschlegelsteinhausen", 3)
			sc.players = [2]string{long, long}
			im := l.paint(&r.fonts, sc)
			defer l.scratch.Put(im)
			for _, strip := range []image.Rectangle{l.header, l.footer} {
				edge := strip.Max.X - 2
				for y := strip.Min.Y; y < strip.Max.Y; y++ {
					if c := im.RGBAAt(edge, y); channelDiff(c, stripBG) > 30 {
						t.Errorf("ink %v at the strip's right edge, row %d", c, y)
						break
					}
				}
			}
		})
	}
}
