package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sync/atomic"
)

// A paletted PNG of a board is a quarter of the data of an RGB one, so it
// encodes about three times faster and much smaller. Each layout gets its
// own palette, chosen from sample renders of its board and pieces: the flat
// colours that cover most of the image come out exact, and the anti-aliased
// edges find close neighbours.

// maxColours is the palette size; the 256th index is left free for the
// transparent colour of GIF frames.
const maxColours = 255

// lutBits is the precision per channel of the colour lookup table.
const lutBits = 6

// quantizer maps RGB colours to a palette through a lookup table, filled
// as colours turn up. It is safe for concurrent use: the table's entries
// are atomic, and two renders filling the same entry write the same value.
type quantizer struct {
	pal  color.Palette
	cols []color.RGBA    // pal's colours
	lut  []atomic.Uint32 // by lutIndex: 1 + the palette index, or 0 if not known yet
}

// lutIndex returns the lookup table slot of a colour.
func lutIndex(r, g, b uint8) int {
	const s = 8 - lutBits
	return int(r>>s)<<(2*lutBits) | int(g>>s)<<lutBits | int(b>>s)
}

// minSpread is the least distance (per channel, summed) between two
// palette colours: colours closer than this look the same, and a slot is
// better spent elsewhere.
const minSpread = 6

// newQuantizer chooses a palette for the colours of the samples, the most
// frequent first.
func newQuantizer(samples ...*image.RGBA) *quantizer {
	type bucket struct {
		n, r, g, b uint32
	}
	hist := make([]bucket, 1<<(3*lutBits))
	for _, im := range samples {
		p := im.Pix
		for i := 0; i+3 < len(p); i += 4 {
			b := &hist[lutIndex(p[i], p[i+1], p[i+2])]
			b.n++
			b.r += uint32(p[i])
			b.g += uint32(p[i+1])
			b.b += uint32(p[i+2])
		}
	}
	var used []int
	for i := range hist {
		if hist[i].n > 0 {
			used = append(used, i)
		}
	}
	slices.SortStableFunc(used, func(a, b int) int { return int(hist[b].n) - int(hist[a].n) })

	q := &quantizer{lut: make([]atomic.Uint32, len(hist))}
	for _, i := range used {
		if len(q.cols) == maxColours {
			break
		}
		h := hist[i]
		c := color.RGBA{uint8((h.r + h.n/2) / h.n), uint8((h.g + h.n/2) / h.n), uint8((h.b + h.n/2) / h.n), 0xff}
		if j := q.nearest(c); j >= 0 && dist(c, q.cols[j]) < minSpread {
			continue
		}
		q.cols = append(q.cols, c)
	}
	// A slot whose own colour made it into the palette maps to it exactly,
	// whatever lies nearer the slot's centre.
	for j, c := range q.cols {
		q.lut[lutIndex(c.R, c.G, c.B)].Store(uint32(j) + 1)
		q.pal = append(q.pal, c)
	}
	return q
}

// fill finds the palette colour nearest to the centre of lookup table slot
// i, stores it and returns 1 + its index.
func (q *quantizer) fill(i int) uint32 {
	const half = 1 << (7 - lutBits)
	c := color.RGBA{
		uint8(i>>(2*lutBits))<<(8-lutBits) | half,
		uint8(i>>lutBits&(1<<lutBits-1))<<(8-lutBits) | half,
		uint8(i&(1<<lutBits-1))<<(8-lutBits) | half,
		0xff,
	}
	v := uint32(q.nearest(c)) + 1
	q.lut[i].Store(v)
	return v
}

// nearest returns the index of the palette colour nearest to c, or -1 for
// an empty palette.
func (q *quantizer) nearest(c color.RGBA) int {
	best, bestD := -1, 1<<30
	for j, p := range q.cols {
		dr, dg, db := int(c.R)-int(p.R), int(c.G)-int(p.G), int(c.B)-int(p.B)
		// Weighted for the eye: green counts most, blue least.
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = j, d
		}
	}
	return best
}

// dist is the sum of the channel differences of two colours.
func dist(a, b color.RGBA) int {
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	return abs(int(a.R)-int(b.R)) + abs(int(a.G)-int(b.G)) + abs(int(a.B)-int(b.B))
}

// quantize maps src, an opaque image, into dst, a paletted image of the same
// bounds with q's palette. A board is mostly runs of one flat colour, so a
// pixel of the colour before it takes that one's index without a look in
// the table (a megabyte, beyond the caches).
func (q *quantizer) quantize(dst *image.Paletted, src *image.RGBA) {
	s, d, lut := src.Pix, dst.Pix, q.lut
	last, idx := uint32(1<<31), uint8(0) // no colour yet
	s = s[:4*len(d)]
	for j := range d {
		c := binary.LittleEndian.Uint32(s[4*j:]) & 0xffffff // r, g, b
		if c != last {
			k := lutIndex(uint8(c), uint8(c>>8), uint8(c>>16))
			v := lut[k].Load()
			if v == 0 {
				v = q.fill(k)
			}
			last, idx = c, uint8(v-1)
		}
		d[j] = idx
	}
}
