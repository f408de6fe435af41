package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"testing"

	"github.com/fogleman/gg"
	xdraw "golang.org/x/image/draw"

	"github.com/zugbot/zugbot/engine/zola"
)

// TestGraph draws a game in which the first player wins at once and then
// loses everything, and checks the decoded PNG: each side's colour where
// it leads, the blunder's mark on the curve.
func TestGraph(t *testing.T) {
	r := New()
	g := Graph{Variant: zola.Zola, Wins: []float64{50, 100, 100, 0, 0}, Marks: []Mark{{Ply: 2, Level: 3, Glyph: "??"}},
		Players: [2]string{"alice", "bob"}, Result: "bob (Blue) wins"}
	var buf bytes.Buffer
	if err := r.GraphPNG(&buf, g); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("the graph does not decode: %v", err)
	}
	if b := im.Bounds(); b.Dx() != graphW || b.Dy() != graphH {
		t.Errorf("graph is %v, want %dx%d", b, graphW, graphH)
	}
	plot := graphPlot()
	at := func(ply float64, win float64) color.Color {
		x := float64(plot.Min.X) + float64(plot.Dx())*ply/4
		y := float64(plot.Min.Y+curveInset) + float64(plot.Dy()-2*curveInset)*(1-win/100)
		return im.At(int(x), int(y))
	}
	first, second := sideStyle("Red", 0).fill, sideStyle("Blue", 1).fill
	for _, tt := range []struct {
		name     string
		ply, win float64
		want     color.RGBA
	}{
		{"the first player's lead, high up", 1.5, 90, first},
		{"the second player's lead, low down", 3.5, 10, second},
		{"above an even start", 0.1, 95, second},
		{"below an even start", 0.1, 5, first},
		{"the blunder's mark", 3, 0, markCols[3]},
	} {
		if got := at(tt.ply, tt.win); !near(got, tt.want, 4) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestGraphErrors(t *testing.T) {
	r := New()
	for _, tt := range []struct {
		g    Graph
		want string
	}{
		{Graph{Wins: []float64{50, 60}}, "variant"},
		{Graph{Variant: zola.Zola, Wins: []float64{50}}, "at least one ply"},
		{Graph{Variant: zola.Zola, Wins: []float64{50, 60}, Marks: []Mark{{Ply: 1, Level: 1}}}, "outside the graph"},
		{Graph{Variant: zola.Zola, Wins: []float64{50, 60}, Marks: []Mark{{Ply: 0, Level: 4}}}, "outside the graph"},
	} {
		var buf bytes.Buffer
		if err := r.GraphPNG(&buf, tt.g); err == nil || !strings.Contains(err.Error(), tt.want) || buf.Len() != 0 {
			t.Errorf("%+v: error %v (%d bytes written), want one naming %q", tt.g, err, buf.Len(), tt.want)
		}
	}
}

// decodeGraph draws g and decodes the PNG.
func decodeGraph(t *testing.T, r *Renderer, g Graph) *image.RGBA {
	t.Helper()
	var buf bytes.Buffer
	if err := r.GraphPNG(&buf, g); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(im.Bounds())
	draw.Draw(out, out.Rect, im, image.Point{}, draw.Src)
	return out
}

// TestGraphReachesTheEnd draws games that end won and lost outright, and
// checks that the curve runs to the last ply along the plot's edge, inside
// its border, where it used to vanish under the border: each column of the
// last plies holds the curve's light core and a band of the side that
// lost it all.
func TestGraphReachesTheEnd(t *testing.T) {
	r := New()
	plot := graphPlot()
	for _, tt := range []struct {
		name string
		wins []float64
	}{
		{"lost", []float64{50, 40, 20, 0, 0, 0}},
		{"won", []float64{50, 60, 80, 100, 100, 100}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			im := decodeGraph(t, r, Graph{Variant: zola.Zola, Wins: tt.wins, Result: tt.name})
			n := float64(len(tt.wins) - 1)
			for _, ply := range []float64{n - 2, n - 0.5, n - 0.02} {
				x := plot.Min.X + int(float64(plot.Dx())*ply/n)
				core := 0
				for y := plot.Min.Y + 1; y < plot.Max.Y-1; y++ {
					if near(im.RGBAAt(x, y), textMain, 24) {
						core++
					}
				}
				if core == 0 {
					t.Errorf("ply %.2f: no curve in column %d of the plot", ply, x)
				}
			}
		})
	}
}

// TestGraphMarksApart checks that the marks of an inaccuracy, a mistake
// and a blunder differ in lightness under every vision (a mistake and a
// blunder by 3:1; the old amber and orange were 1.6:1 apart under
// deuteranopia), and in shape: no two levels' marks cover the same pixels.
func TestGraphMarksApart(t *testing.T) {
	for a := 1; a < len(markCols); a++ {
		for b := a + 1; b < len(markCols); b++ {
			want := 1.5
			if a == 2 && b == 3 {
				want = 3
			}
			w := apart(t, fmt.Sprintf("marks of levels %d and %d", a, b), markCols[a], markCols[b], want)
			t.Logf("levels %d and %d: %.2f:1 at worst", a, b, w)
		}
	}
	// Each mark, edges and all, scaled to fill the same square: the
	// shapes differ, not only the sizes.
	const side = 40
	masks := make([]*image.Alpha, len(markCols))
	for level := 1; level < len(markCols); level++ {
		dc := gg.NewContext(100, 100)
		markShape(dc, 50, 50, level)
		im := dc.Image().(*image.RGBA)
		var box image.Rectangle
		for y := range 100 {
			for x := range 100 {
				if im.RGBAAt(x, y).A > 128 {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		masks[level] = image.NewAlpha(image.Rect(0, 0, side, side))
		xdraw.NearestNeighbor.Scale(masks[level], masks[level].Rect, im, box, xdraw.Src, nil)
	}
	for a := 1; a < len(markCols); a++ {
		for b := a + 1; b < len(markCols); b++ {
			diff := 0
			for i := range masks[a].Pix {
				if (masks[a].Pix[i] > 128) != (masks[b].Pix[i] > 128) {
					diff++
				}
			}
			if diff < side*side/5 {
				t.Errorf("the marks of levels %d and %d differ by %d pixels of %d, scaled to the same square: too alike", a, b, diff, side*side)
			}
		}
	}
}

// TestGraphText checks that the graph says what its axis measures (a
// title up its left side, and the percentages) and that its text reads on
// a phone: the result line at least minPhoneStatus high when the graph is
// shown phoneWidth wide. The old graph had no axis title, and its text was
// 8.6 pixels a phone's em.
func TestGraphText(t *testing.T) {
	r := New()
	im := decodeGraph(t, r, Graph{Variant: zola.Zola, Wins: []float64{50, 60, 40}, Result: "Blue wins (captured every enemy checker)"})
	plot := graphPlot()
	title := image.Rect(0, plot.Min.Y, 56, plot.Max.Y)
	if h := inkSpan(im, title, labelCol, frameBG); h < plot.Dy()/2 {
		t.Errorf("the axis title runs %d pixels up the plot's %d, want at least half", h, plot.Dy())
	}
	ticks := image.Rect(56, plot.Min.Y-20, plot.Min.X-4, plot.Max.Y+20)
	if h := inkSpan(im, ticks, labelCol, frameBG); h < plot.Dy() {
		t.Errorf("the axis's percentages span %d pixels, want the plot's %d", h, plot.Dy())
	}
	scale := float64(phoneWidth) / graphW
	result := image.Rect(0, graphH-60, graphW, graphH)
	if h := float64(inkSpan(im, result, textDim, frameBG)) * scale; h < minPhoneStatus {
		t.Errorf("the result line is %.1f pixels high on a phone, want %.1f", h, minPhoneStatus)
	} else {
		t.Logf("the result line: %.1f pixels high on a phone", h)
	}
}
