package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"testing"

	"github.com/fogleman/gg"
)

func protoBoard() *image.RGBA {
	dc := gg.NewContext(800, 900)
	dc.SetRGB255(40, 44, 52)
	dc.Clear()
	c := 120.0
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			if (x+y)%2 == 0 {
				dc.SetRGB255(181, 136, 99)
			} else {
				dc.SetRGB255(240, 217, 181)
			}
			dc.DrawRectangle(40+float64(x)*c, 90+float64(y)*c, c, c)
			dc.Fill()
		}
	}
	return dc.Image().(*image.RGBA)
}

func protoSprite(col color.Color) *image.RGBA {
	dc := gg.NewContext(120, 120)
	dc.DrawCircle(60, 60, 48)
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetRGB(0, 0, 0)
	dc.SetLineWidth(3)
	dc.Stroke()
	dc.DrawCircle(60, 60, 34)
	dc.SetRGBA(1, 1, 1, 0.3)
	dc.SetLineWidth(2)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

func BenchmarkProto(b *testing.B) {
	board := protoBoard()
	red := protoSprite(color.RGBA{200, 40, 40, 255})
	blue := protoSprite(color.RGBA{40, 80, 200, 255})
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	for b.Loop() {
		im := image.NewRGBA(board.Rect)
		copy(im.Pix, board.Pix)
		for y := 0; y < 6; y++ {
			for x := 0; x < 6; x++ {
				s := red
				if (x+y)%2 == 1 {
					s = blue
				}
				if (x*7+y*3)%5 == 0 {
					continue
				}
				r := image.Rect(40+x*120, 90+y*120, 160+x*120, 210+y*120)
				draw.Draw(im, r, s, image.Point{}, draw.Over)
			}
		}
		buf.Reset()
		enc.Encode(&buf, im)
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

func BenchmarkProtoPal(b *testing.B) {
	board := protoBoard()
	red := protoSprite(color.RGBA{200, 40, 40, 255})
	blue := protoSprite(color.RGBA{40, 80, 200, 255})
	// crude palette: 6x6x6 cube + grays
	var pal color.Palette
	for r := 0; r < 6; r++ {
		for g := 0; g < 6; g++ {
			for bb := 0; bb < 6; bb++ {
				pal = append(pal, color.RGBA{uint8(r * 51), uint8(g * 51), uint8(bb * 51), 255})
			}
		}
	}
	var lut [1 << 15]uint8
	for i := range lut {
		c := color.RGBA{uint8(i>>10) << 3, uint8(i>>5&31) << 3, uint8(i&31) << 3, 255}
		lut[i] = uint8(pal.Index(c))
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	for b.Loop() {
		im := image.NewRGBA(board.Rect)
		copy(im.Pix, board.Pix)
		for y := 0; y < 6; y++ {
			for x := 0; x < 6; x++ {
				s := red
				if (x+y)%2 == 1 {
					s = blue
				}
				if (x*7+y*3)%5 == 0 {
					continue
				}
				r := image.Rect(40+x*120, 90+y*120, 160+x*120, 210+y*120)
				draw.Draw(im, r, s, image.Point{}, draw.Over)
			}
		}
		p := image.NewPaletted(im.Rect, pal)
		src := im.Pix
		dst := p.Pix
		for i, j := 0, 0; i < len(src); i, j = i+4, j+1 {
			dst[j] = lut[int(src[i]>>3)<<10|int(src[i+1]>>3)<<5|int(src[i+2]>>3)]
		}
		buf.Reset()
		enc.Encode(&buf, p)
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
