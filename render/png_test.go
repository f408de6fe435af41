package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestEncodePNG checks that the boards' PNG encoder writes what image/png
// reads back as the very image drawn, palette and pixels: each game's
// board, and an image whose palette has transparent and translucent
// colours (tRNS) and is offset from the origin.
func TestEncodePNG(t *testing.T) {
	r := New()
	var imgs []*image.Paletted
	for _, c := range benchGames {
		p, last := midGame(t, c.v, c.plies)
		im, err := r.Image(p, Options{LastMove: last, Players: [2]string{"alice", "bob"}, Ratings: [2]string{"1512", "1498?"}})
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, im)
	}
	small := image.NewPaletted(image.Rect(3, 5, 20, 12), color.Palette{
		color.RGBA{10, 20, 30, 255}, color.RGBA{}, color.NRGBA{200, 100, 50, 128}, color.RGBA{255, 255, 255, 255},
	})
	for i := range small.Pix {
		small.Pix[i] = uint8(i % 4)
	}
	imgs = append(imgs, small)
	for _, im := range imgs {
		var buf bytes.Buffer
		if err := encodePNG(&buf, im); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("image/png cannot read the PNG of a %v image: %v", im.Bounds(), err)
		}
		b := im.Bounds()
		if got.Bounds().Size() != b.Size() {
			t.Fatalf("PNG of %v: %v; want its size", b, got.Bounds())
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				want := color.NRGBAModel.Convert(im.At(x, y))
				if c := color.NRGBAModel.Convert(got.At(x-b.Min.X, y-b.Min.Y)); c != want {
					t.Fatalf("PNG of %v: pixel (%d, %d) is %v; want %v", b, x, y, c, want)
				}
			}
		}
	}
	if err := encodePNG(&bytes.Buffer{}, image.NewPaletted(image.Rect(0, 0, 2, 2), nil)); err == nil {
		t.Errorf("an image without a palette was encoded")
	}
}
