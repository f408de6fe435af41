package render

import (
	"bytes"
	"image/color"
	"image/png"
	"strings"
	"testing"

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
		y := float64(plot.Min.Y) + float64(plot.Dy())*(1-win/100)
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
