package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
	xdraw "golang.org/x/image/draw"
)

// Pictures to look at: go test -run TestShots -shots DIR writes each
// game's board (a last move and a chosen piece) at full size and as a phone
// shows it, phoneWidth pixels wide; -shrink a.png,b.png also writes
// a-360.png and b-360.png beside PNGs made elsewhere (the analysis graph
// that zugbot analyse draws).
var (
	shots  = flag.String("shots", "", "write each game's board, full size and phone size, into this directory")
	shrink = flag.String("shrink", "", "comma-separated PNGs to write phone-size copies of (NAME-360.png)")
)

// shotScenes are the boards TestShots draws: each game in mid-game with
// its last move, players and a piece of the side to move chosen.
func shotScenes(t *testing.T) map[string]func() (engine.Position, Options) {
	names := Options{Players: [2]string{"alice", "bob"}}
	chosen := func(p engine.Position, opt Options) (engine.Position, Options) {
		// The piece of the side to move with the most destinations.
		best, most := -1, 0
		for i := range p.Variant().Geometry.Points {
			if pc := p.Piece(i); pc.Kind == nil || pc.Side != p.Turn() {
				continue
			}
			if n := len(Destinations(p, i)); n > most {
				best, most = i, n
			}
		}
		if best >= 0 {
			opt.Selected = &best
		}
		return p, opt
	}
	return map[string]func() (engine.Position, Options){
		"zola": func() (engine.Position, Options) {
			p, last := play(t, zola.Zola, "b6xb5 c6xc5 e3xe4 c4xc3 d6xc5 d5xe4 d4-d5 b1xc1 f4xf3 a6xa5 f2xe2 a4xa3 f3xd3 b3xb4")
			return chosen(p, with(names, func(o *Options) { o.LastMove = last }))
		},
		"zamma": func() (engine.Position, Options) {
			p, last := play(t, zamma.Zamma, "f4-e5 h6xf4 e3xg5 c5xe3 d2xf4 f6xd4xd2 c1xe3 f7-f6 f5xf7 f8xf6 e1-d2 i7-h6 "+
				"g5xi7 g9-f8 i7xg9 i8-i7 b4-c5 b6xd4 c3xe5 f6xd4 e3xc5 d6xb4 a3xc5 a5xa3xc1xe3xe5")
			return chosen(p, with(names, func(o *Options) { o.LastMove, o.Viewer = last, new(zamma.White) }))
		},
		"zonal": func() (engine.Position, Options) {
			p, last := play(t, zonal.Zonal, "f4 l5 g4 Nj6 Be3 m5 h3 g5 Rd1 Nk8 m3 Qf6 Kh2 Qo6+")
			return chosen(p, with(names, func(o *Options) { o.LastMove = last }))
		},
		"zodiac": func() (engine.Position, Options) {
			p, last := play(t, zodiac.Zodiac, "T5-C6 T6-C1 C5-C4 C4-C3 T1-C5 C1-T6")
			return chosen(p, with(names, func(o *Options) { o.LastMove = last }))
		},
	}
}

// TestShots writes the pictures that -shots and -shrink ask for.
func TestShots(t *testing.T) {
	if *shots == "" && *shrink == "" {
		t.Skip("no -shots or -shrink")
	}
	if *shots != "" {
		r := New()
		for name, setup := range shotScenes(t) {
			p, opt := setup()
			var buf bytes.Buffer
			if err := r.PNG(&buf, p, opt); err != nil {
				t.Fatal(err)
			}
			full := filepath.Join(*shots, name+".png")
			if err := os.WriteFile(full, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			writePhone(t, full)
		}
	}
	if *shrink != "" {
		for _, f := range strings.Split(*shrink, ",") {
			writePhone(t, f)
		}
	}
}

// writePhone writes NAME-360.png beside NAME.png: the image scaled to
// phoneWidth pixels wide, as a phone shows it.
func writePhone(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	small := toPhone(im)
	var buf bytes.Buffer
	if err := png.Encode(&buf, small); err != nil {
		t.Fatal(err)
	}
	out := strings.TrimSuffix(path, ".png") + "-360.png"
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %v, phone %v", out, im.Bounds().Size(), small.Bounds().Size())
}

// toPhone returns im scaled to phoneWidth pixels wide, its proportions
// kept, with a smooth filter, as a browser scales it.
func toPhone(im image.Image) *image.RGBA {
	b := im.Bounds()
	h := (b.Dy()*phoneWidth + b.Dx()/2) / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, phoneWidth, h))
	xdraw.CatmullRom.Scale(dst, dst.Rect, im, b, xdraw.Src, nil)
	return dst
}
