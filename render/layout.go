package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"sync"

	"github.com/fogleman/gg"
	"github.com/zugbot/zugbot/engine"
)

// A layout is everything about an image that does not depend on the
// position: its size, where each point falls, the board drawn once, the
// sprites and the palette. There is one per variant, size and orientation.
type layout struct {
	g     *engine.Geometry
	sides [2]string
	flip  bool // turned half a circle: the second side at the bottom
	size  int  // the board area's nominal long side, in pixels

	unit   float64 // pixels per board unit
	ox, oy float64 // the pixel of board point (0, Height), unturned
	spot   int     // the side of a point's square: a cell, or a piece's room
	spots  []image.Rectangle
	centre []gg.Point

	bounds                 image.Rectangle
	header, footer, status image.Rectangle
	namePx, smallPx        float64 // text sizes in the strips
	statusMinPx            float64 // the least the status line shrinks to, to fit
	tagH                   int

	static   *image.RGBA
	labels   []placed
	pieces   map[*engine.Kind][2]*image.RGBA // by kind, then side
	lastT    *image.RGBA                     // last move tint
	selT     *image.RGBA                     // selected piece tint
	check    *image.RGBA
	dot      *image.RGBA
	ring     *image.RGBA                 // occupied destination
	cross    *image.RGBA                 // captured piece
	turned   *image.RGBA                 // a piece turned over
	aim      [len(arrowCols)]*image.RGBA // the destination of an arrow, by kind
	swatch   [2]*image.RGBA
	tags     [numTags]*image.RGBA
	q        *quantizer
	scratch  sync.Pool // *image.RGBA of bounds, for renders
	paletted sync.Pool // *image.Paletted of bounds, for PNG encoding
}

// placed is a sprite and where it goes.
type placed struct {
	im *image.RGBA
	r  image.Rectangle
}

// The tags a player's strip can carry.
const (
	noTag = iota
	tagToMove
	tagInCheck
	tagWinner
	tagDrawn
	numTags
)

// phoneWidth is about how wide Discord shows an image on a phone: the
// width of the screen.
const phoneWidth = 360

// The sizes of the strips' text, in the pixels of a phone that shows the
// image phoneWidth wide: the status line about the size of a phone's own
// small text, so that it reads without zooming.
const (
	phoneName      = 15   // a player's name
	phoneStatus    = 13.5 // the status line, and the ratings
	phoneStatusMin = 12   // the least the status line shrinks to when it is long
	phoneTag       = 11   // the capitals of a tag ("TO MOVE")
	phoneStrip     = 30   // a player's strip, high
	phoneSwatch    = 16   // the side's disc by a player's name, wide
)

// lines reports whether the board is drawn with lines and points rather
// than cells.
func (l *layout) lines() bool { return !l.g.Cells }

// at returns the pixel of board coordinates (x, y).
func (l *layout) at(x, y float64) (float64, float64) {
	if l.flip {
		x, y = l.g.Width-x, l.g.Height-y
	}
	return l.ox + x*l.unit, l.oy + (l.g.Height-y)*l.unit
}

// spacing returns the distance between the two closest points: the room a
// piece has on a board of lines.
func spacing(g *engine.Geometry) float64 {
	if g.Cells {
		return 1
	}
	best := math.Inf(1)
	for i, p := range g.Points {
		for _, q := range g.Points[i+1:] {
			if d := math.Hypot(p.X-q.X, p.Y-q.Y); d > 1e-9 && d < best {
				best = d
			}
		}
	}
	if math.IsInf(best, 1) {
		return 1
	}
	return best
}

// overshoot returns how far the labels stand outside the board.
func overshoot(g *engine.Geometry) float64 {
	o := 0.0
	for _, lb := range g.Labels {
		o = max(o, -lb.X, lb.X-g.Width, -lb.Y, lb.Y-g.Height)
	}
	return o
}

// panelPad is how far the wooden panel of a board of lines reaches beyond
// the outer points: over the pieces and the labels.
func panelPad(g *engine.Geometry, sp float64) float64 {
	return max(0.55*sp, overshoot(g)+0.3)
}

// newLayout lays out variant v's board for a board area of the given long
// side, and draws what is static.
func newLayout(fs *fonts, v *engine.Variant, size int, flip bool, check bool) *layout {
	g := v.Geometry
	l := &layout{g: g, sides: v.Sides, flip: flip, size: size}
	sp := spacing(g)
	var m float64 // the margin around the board, in units
	if g.Cells {
		m = max(0.3, overshoot(g)+0.32)
	} else {
		m = panelPad(g, sp) + 0.18
	}
	uw, uh := g.Width+2*m, g.Height+2*m
	fsz := float64(size)
	hs, ss := int(math.Round(0.075*fsz)), int(math.Round(0.05*fsz))
	// The image's long side is size: the board fills what the strips leave.
	// Wide boards get a wider image rather than cells too
	// small to read on a phone.
	l.unit = math.Ceil(min(fsz/uw, (fsz-float64(2*hs+ss))/uh))
	l.unit = max(l.unit, math.Round(0.07*fsz))
	bw, bh := int(math.Ceil(uw*l.unit)), int(math.Ceil(uh*l.unit))
	w := max(bw, int(math.Round(0.8*fsz)))
	// Discord shows the image as wide as a phone's screen: the text is
	// sized for that, which on a wide board makes it larger than the
	// board's share.
	phone := float64(w) / phoneWidth // the image's pixels per pixel of the phone
	l.namePx = max(0.032*fsz, phoneName*phone)
	l.smallPx = max(0.024*fsz, phoneStatus*phone)
	l.statusMinPx = phoneStatusMin * phone
	tagPx := max(0.019*fsz, phoneTag*phone)
	l.tagH = int(math.Round(2 * tagPx))
	hs = max(hs, int(math.Round(phoneStrip*phone)), l.tagH+int(math.Round(0.3*float64(l.tagH))))
	ss = max(ss, int(math.Round(2.55*l.statusMinPx))) // room for two lines
	l.header = image.Rect(0, 0, w, hs)
	l.footer = image.Rect(0, hs+bh, w, 2*hs+bh)
	l.status = image.Rect(0, 2*hs+bh, w, 2*hs+bh+ss)
	l.bounds = image.Rect(0, 0, w, l.status.Max.Y)
	l.ox = float64((w-bw)/2) + math.Round(m*l.unit)
	l.oy = float64(hs) + math.Round(m*l.unit)

	l.spot = int(math.Round(sp * l.unit))
	for _, p := range g.Points {
		x, y := l.at(p.X, p.Y)
		l.centre = append(l.centre, gg.Point{X: x, Y: y})
		x0 := int(math.Round(x - float64(l.spot)/2))
		y0 := int(math.Round(y - float64(l.spot)/2))
		l.spots = append(l.spots, image.Rect(x0, y0, x0+l.spot, y0+l.spot))
	}

	s := l.spot
	l.pieces = make(map[*engine.Kind][2]*image.RGBA, len(v.Kinds))
	for _, k := range v.Kinds {
		var sp [2]*image.RGBA
		for side := range sp {
			sp[side] = pieceSprite(fs, k, sideStyle(v.Sides[side], engine.Side(side)), s, l.lines())
		}
		l.pieces[k] = sp
	}
	l.lastT = lastSprite(s, g.Cells)
	l.selT = selectSprite(s, g.Cells)
	l.check = checkSprite(s, g.Cells)
	l.dot = dotSprite(s)
	l.ring = ringSprite(s, targetCol, targetHalo, true)
	if g.Cells {
		l.ring = cornersSprite(s)
	}
	l.cross = crossSprite(s)
	l.turned = turnedSprite(s, l.lines())
	for k, c := range arrowCols {
		l.aim[k] = aimSprite(s, c, g.Cells)
	}
	sw := int(math.Round(max(0.5*float64(hs), phoneSwatch*phone)))
	for side := range 2 {
		l.swatch[side] = swatchSprite(sw, sideStyle(v.Sides[side], engine.Side(side)), stripBG)
	}
	tagFace := fs.text(fs.bold, tagPx)
	for t, x := range [numTags]struct {
		word   string
		bg, fg color.RGBA
	}{
		tagToMove:  {"TO MOVE", tagMove, tagText},
		tagInCheck: {"IN CHECK", tagCheck, rgb(0xffffff)},
		tagWinner:  {"WINNER", tagWin, tagText},
		tagDrawn:   {"DRAW", tagDraw, tagText},
	} {
		if x.word != "" {
			l.tags[t] = tagSprite(tagFace, l.tagH, x.word, x.bg, x.fg)
		}
	}

	l.static = image.NewRGBA(l.bounds)
	l.drawStatic(fs)
	l.makeLabels(fs)
	l.q = newQuantizer(l.samples(fs, v.Kinds, check)...)
	return l
}

// drawStatic draws the frame, the strips' backgrounds, the board and its
// labels.
func (l *layout) drawStatic(fs *fonts) {
	im := l.static
	draw.Draw(im, im.Rect, image.NewUniform(frameBG), image.Point{}, draw.Src)
	for _, r := range []image.Rectangle{l.header, l.footer, l.status} {
		draw.Draw(im, r, image.NewUniform(stripBG), image.Point{}, draw.Src)
	}
	dc := gg.NewContextForRGBA(im)
	if l.g.Cells {
		l.drawCells(dc, fs)
	} else {
		l.drawLines(dc)
	}
}

// labelPx is the size of the board's labels: half the distance between
// points, so that they fill the margin they stand in and stay legible when
// a phone shows the image 360 pixels wide, within bounds set by the
// image's size.
func (l *layout) labelPx() float64 {
	return min(max(0.5*l.unit*spacing(l.g), 0.019*float64(l.size)), 0.035*float64(l.size))
}

// makeLabels draws the labels into sprites, each with a halo of the colour
// behind it, to be drawn over the pieces: on a board of lines a label may
// stand close to a point.
func (l *layout) makeLabels(fs *fonts) {
	face := fs.text(fs.bold, l.labelPx())
	var panel image.Rectangle
	if !l.g.Cells {
		panel = l.panel()
	}
	halo := math.Max(1.5, 0.12*face.px)
	for _, lb := range l.g.Labels {
		x, y := l.at(lb.X, lb.Y)
		fg, bg := labelCol, frameBG
		if image.Pt(int(x), int(y)).In(panel) {
			fg, bg = panelLabel, panelCol
		}
		im := labelSprite(face, lb.Text, fg, bg, halo)
		x0 := int(math.Round(x - float64(im.Rect.Dx())/2))
		y0 := int(math.Round(y - float64(im.Rect.Dy())/2))
		l.labels = append(l.labels, placed{im, image.Rect(x0, y0, x0+im.Rect.Dx(), y0+im.Rect.Dy())})
	}
}

// drawCells draws a board of cells: a border around them, the cells by
// shade and mark, their signs, and the rings around the centre if the
// board has them.
func (l *layout) drawCells(dc *gg.Context, fs *fonts) {
	im := l.static
	b := int(math.Max(2, math.Round(0.035*l.unit)))
	for _, r := range l.spots {
		draw.Draw(im, r.Inset(-b), image.NewUniform(cellBorder), image.Point{}, draw.Src)
	}
	signFace := fs.text(fs.bold, 0.62*l.unit)
	var all image.Rectangle
	for i, p := range l.g.Points {
		r := l.spots[i]
		all = all.Union(r)
		draw.Draw(im, r, image.NewUniform(cellColour(p.Mark, p.Shade)), image.Point{}, draw.Src)
		if p.Sign != "" {
			c := l.centre[i]
			signFace.drawCentred(im, c.X, c.Y, signCol, p.Sign)
		}
	}
	if !l.g.Rings {
		return
	}
	// Rings through the points at each distance from the centre, faint, to
	// help new players see which way is outward.
	cx, cy := l.g.Width/2, l.g.Height/2
	var radii []float64
	for _, p := range l.g.Points {
		radii = append(radii, math.Round(math.Hypot(p.X-cx, p.Y-cy)*1e6)/1e6)
	}
	slices.Sort(radii)
	radii = slices.Compact(radii)
	dc.DrawRectangle(float64(all.Min.X), float64(all.Min.Y), float64(all.Dx()), float64(all.Dy()))
	dc.Clip()
	x, y := l.at(cx, cy)
	dc.SetColor(ringCol)
	dc.SetLineWidth(math.Max(1.2, 0.02*l.unit))
	for _, r := range radii {
		dc.DrawCircle(x, y, r*l.unit)
		dc.Stroke()
	}
	dc.DrawCircle(x, y, 0.06*l.unit)
	dc.Fill()
	dc.ResetClip()
}

// panel returns the wooden panel of a board of lines, in pixels.
func (l *layout) panel() image.Rectangle {
	pad := panelPad(l.g, spacing(l.g))
	x0, y0 := l.at(-pad, l.g.Height+pad)
	x1, y1 := l.at(l.g.Width+pad, -pad)
	return image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))).Canon()
}

// drawLines draws a board of lines: the panel, the lines and a marker on
// every point by its mark.
func (l *layout) drawLines(dc *gg.Context) {
	p := l.panel()
	u := l.unit * spacing(l.g)
	dc.DrawRoundedRectangle(float64(p.Min.X), float64(p.Min.Y), float64(p.Dx()), float64(p.Dy()), 0.22*u)
	dc.SetColor(panelCol)
	dc.FillPreserve()
	dc.SetColor(panelEdge)
	dc.SetLineWidth(math.Max(2, 0.04*u))
	dc.Stroke()

	dc.SetLineCapRound()
	dc.SetColor(lineCol)
	dc.SetLineWidth(math.Max(2, 0.035*u))
	for _, ln := range l.g.Lines {
		a, b := l.centre[ln.From], l.centre[ln.To]
		dc.DrawLine(a.X, a.Y, b.X, b.Y)
		dc.Stroke()
	}
	for i, pt := range l.g.Points {
		c := l.centre[i]
		switch pt.Mark {
		case engine.Starred:
			// A point set apart only by the lines through it (Zamma's
			// points off the diagonals): a plain dot, smaller than the
			// others', which the lines explain without a legend.
			dc.DrawCircle(c.X, c.Y, 0.045*u)
			dc.SetColor(lineCol)
			dc.Fill()
		case engine.Ringed, engine.Spotted:
			// An empty place, drawn hollow so that it is not taken for a
			// legal destination (a filled dot) or a capture (a red ring):
			// a double ring for a marked outer point, a single one inside.
			dc.DrawCircle(c.X, c.Y, 0.15*u)
			dc.SetColor(panelCol)
			dc.FillPreserve()
			dc.SetColor(lineCol)
			dc.SetLineWidth(0.04 * u)
			dc.Stroke()
			if pt.Mark == engine.Ringed {
				dc.DrawCircle(c.X, c.Y, 0.07*u)
				dc.Stroke()
			}
		default:
			dc.DrawCircle(c.X, c.Y, 0.07*u)
			dc.SetColor(lineCol)
			dc.Fill()
		}
	}
}

// samples paints made-up boards for the palette to serve: every kind of
// piece the game shows, on every kind of point, under every highlight, with
// every marker, label and tag.
func (l *layout) samples(fs *fonts, kinds []*engine.Kind, check bool) []*image.RGBA {
	var pieces []*image.RGBA
	for _, k := range kinds {
		pieces = append(pieces, l.pieces[k][0])
		if !k.Neutral {
			pieces = append(pieces, l.pieces[k][1])
		}
	}
	tints := []*image.RGBA{nil, l.lastT, l.selT}
	if check {
		tints = append(tints, l.check)
	}
	out := []*image.RGBA{l.static}
	for k, tint := range tints {
		im := image.NewRGBA(l.bounds)
		copy(im.Pix, l.static.Pix)
		var path []int
		var shown [len(arrowCols)][]int
		for i, r := range l.spots {
			if tint != nil {
				blit(im, r.Min, tint)
			}
			if len(pieces) > 0 && (i+k)%4 != 0 {
				blit(im, r.Min, pieces[(i+k)%len(pieces)])
			}
			switch (i + k) % 6 {
			case 0:
				blit(im, r.Min, l.dot)
			case 1:
				blit(im, r.Min, l.ring)
			case 2:
				blit(im, r.Min, l.cross)
			case 3:
				blit(im, r.Min, l.turned)
				path = append(path, i)
			case 4, 5:
				shown[(i+k)%6-4] = append(shown[(i+k)%6-4], i)
			}
		}
		l.arrow(im, path, lastArrow())
		for kind, path := range shown {
			l.arrow(im, path, pointed(ArrowKind(kind)))
		}
		for _, lb := range l.labels {
			blit(im, lb.r.Min, lb.im)
		}
		sc := &scene{
			turn:    engine.Side(k & 1),
			check:   -1,
			players: [2]string{"Ada Lovelace 0123456789", "Émile Borel (Zug)"},
			ratings: [2]string{"1500", "1623?"},
			caption: "Red Blue Black White to move (checkmate) wins passed; Draw",
		}
		sc.outcome.Status = engine.Status(k % 3) // ongoing, a win, a draw
		if k == 3 {
			sc.check = 0
		}
		l.strips(im, fs, sc)
		out = append(out, im)
	}
	return out
}
