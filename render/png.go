package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// A board is a paletted image of flat colours, and deflating it was half
// of a board's cost with the standard library's compressor at its fastest
// level. klauspost/compress's is several times faster at its own fastest
// level for images like these, so the boards are written by encodePNG, a
// paletted PNG as image/png writes it (8 bits per pixel, no row filter:
// https://www.w3.org/TR/png-3/#9Filter-types leaves filters to encoders,
// and paletted images gain nothing from them) with that compressor.

// pngLevel is the compression level of the boards' PNGs.
const pngLevel = zlib.BestSpeed

// pngState is what an encoding reuses: its buffer and compressor.
type pngState struct {
	idat bytes.Buffer
	zw   *zlib.Writer
	row  []byte
}

var pngStates = sync.Pool{New: func() any {
	s := &pngState{}
	s.zw, _ = zlib.NewWriterLevel(&s.idat, pngLevel) // the level is valid
	return s
}}

// encodePNG writes im as a PNG of 8-bit palette indexes.
func encodePNG(w io.Writer, im *image.Paletted) error {
	b := im.Bounds()
	if b.Empty() || len(im.Palette) == 0 || len(im.Palette) > 256 {
		return fmt.Errorf("a paletted image of %v with %d colours", b, len(im.Palette))
	}
	s := pngStates.Get().(*pngState)
	defer pngStates.Put(s)
	s.idat.Reset()
	s.zw.Reset(&s.idat)
	s.row = append(s.row[:0], make([]byte, 1+b.Dx())...) // a filter byte of 0 (none), then the row
	for y := b.Min.Y; y < b.Max.Y; y++ {
		off := im.PixOffset(b.Min.X, y)
		copy(s.row[1:], im.Pix[off:off+b.Dx()])
		if _, err := s.zw.Write(s.row); err != nil {
			return fmt.Errorf("compress: %w", err)
		}
	}
	if err := s.zw.Close(); err != nil {
		return fmt.Errorf("compress: %w", err)
	}

	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(hdr[4:], uint32(b.Dy()))
	hdr[8], hdr[9] = 8, 3 // bit depth, colour type 3: palette indexes
	plte := make([]byte, 0, 3*len(im.Palette))
	trns := make([]byte, 0, len(im.Palette))
	opaque := 0 // the palette's entries up to the last one not opaque
	for i, c := range im.Palette {
		r, g, bl, a := c.RGBA()
		if a != 0 && a != 0xffff { // PNG's palette is not premultiplied
			r, g, bl = r*0xffff/a, g*0xffff/a, bl*0xffff/a
		}
		plte = append(plte, byte(r>>8), byte(g>>8), byte(bl>>8))
		trns = append(trns, byte(a>>8))
		if a != 0xffff {
			opaque = i + 1
		}
	}
	bw := &chunkWriter{w: w}
	bw.bytes([]byte("\x89PNG\r\n\x1a\n"))
	bw.chunk("IHDR", hdr[:])
	bw.chunk("PLTE", plte)
	if opaque > 0 {
		bw.chunk("tRNS", trns[:opaque])
	}
	bw.chunk("IDAT", s.idat.Bytes())
	bw.chunk("IEND", nil)
	return bw.err
}

// chunkWriter writes PNG chunks, keeping the first error.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (c *chunkWriter) bytes(p []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(p)
	}
}

// chunk writes a chunk: its length, type, data and CRC
// (https://www.w3.org/TR/png-3/#5Chunk-layout).
func (c *chunkWriter) chunk(typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	c.bytes(head[:])
	c.bytes(data)
	c.bytes(tail[:])
}
