package render

import (
	"bytes"
	"image/png"
	"testing"
)

// TestStandingsPNG draws a final table and checks what a reader relies
// on: it decodes, it grows with the players, the winner's band is yellow
// and other rows are not, and scores read as chess players write them.
func TestStandingsPNG(t *testing.T) {
	r := New()
	s := Standings{
		Title: "Tournament #1 · Zola · Swiss", Subtitle: "Final standings after 3 rounds", TieBreak: "Buchholz", Final: true,
		Rows: []StandingRow{
			{Rank: 1, Player: "Ada", Points: 3, TieBreak: 4.5, Games: 3, Performance: 1900},
			{Rank: 2, Player: "Bartholomew the Exceedingly Long-Named", Points: 2.5, TieBreak: 5, Games: 3, Performance: 1750},
			{Rank: 3, Player: "Cy", Points: 0.5, TieBreak: 6, Games: 2, Left: true},
		},
	}
	var buf bytes.Buffer
	if err := r.StandingsPNG(&buf, s); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := im.Bounds(); b.Dx() != standingsW || b.Dy() != standingsTop+3*standingsRowH+24 {
		t.Errorf("size %v", b)
	}
	at := func(row int) [3]uint32 {
		c := im.At(20, standingsTop+row*standingsRowH+4)
		r, g, b, _ := c.RGBA()
		return [3]uint32{r >> 8, g >> 8, b >> 8}
	}
	if got := at(0); got != [3]uint32{0xf0, 0xe4, 0x42} {
		t.Errorf("the winner's row is %x, want the yellow band", got)
	}
	if got := at(1); got == at(0) {
		t.Errorf("the second row is on the winner's band too")
	}
	s.Final = false
	buf.Reset()
	if err := r.StandingsPNG(&buf, s); err != nil {
		t.Fatal(err)
	}
	im, _ = png.Decode(&buf)
	if got := at(0); got == [3]uint32{0xf0, 0xe4, 0x42} {
		t.Errorf("standings before the end crown a winner")
	}
}
