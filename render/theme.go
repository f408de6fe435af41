package render

import (
	"image/color"
	"math"

	"github.com/zugbot/zugbot/engine"
)

// rgb returns the opaque colour 0xRRGGBB.
func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// rgba returns colour 0xRRGGBB at opacity a (0 to 1), premultiplied as
// color.RGBA requires.
func rgba(hex uint32, a float64) color.RGBA {
	c := rgb(hex)
	m := func(v uint8) uint8 { return uint8(float64(v)*a + 0.5) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), uint8(a*255 + 0.5)}
}

// toLinear returns the linear light of an sRGB channel value.
func toLinear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// relLuminance is the relative luminance of opaque colour c (WCAG).
func relLuminance(c color.RGBA) float64 {
	return 0.2126*toLinear(c.R) + 0.7152*toLinear(c.G) + 0.0722*toLinear(c.B)
}

// contrastRatio is the WCAG contrast ratio of opaque colours a and b, from
// 1 (the same lightness) to 21 (black on white).
func contrastRatio(a, b color.RGBA) float64 {
	la, lb := relLuminance(a), relLuminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// The frame around the board: a dark card, so that the image reads the same
// in Discord's light and dark themes.
var (
	frameBG  = rgb(0x262a33)
	stripBG  = rgb(0x1b1e25)
	textMain = rgb(0xeef0f4)
	textDim  = rgb(0x9ba4b4)
	labelCol = rgb(0xb9c0cc)
)

// The tags beside a player's name.
var (
	tagMove  = rgb(0xf2c14e) // whose turn it is
	tagCheck = rgb(0xe5484d) // in check
	tagWin   = rgb(0x5fd08a) // the winner
	tagDraw  = rgb(0xb7bfcc) // a draw
	tagText  = rgb(0x1b1e25)
)

// cellColour gives a square's colour by mark and shade (0 light, 1 dark).
func cellColour(m engine.Mark, shade uint8) color.RGBA {
	pair := [2]uint32{0xeeeed2, 0x779556} // green and cream, like a club board
	switch m {
	case engine.Tinted:
		pair = [2]uint32{0xc6dcec, 0x5b8db5} // steel blue
	case engine.Gilded:
		pair = [2]uint32{0xf6dc8c, 0xd3a43c} // amber
	}
	return rgb(pair[shade&1])
}

// Cell board details.
var (
	cellBorder = rgb(0x161a20)
	ringCol    = rgba(0x1f3a12, 0.28) // the rings around the centre
	signCol    = rgba(0x6b4a08, 0.45) // a cell's sign
)

// Line boards: a wooden panel with dark lines.
var (
	panelCol   = rgb(0xe4c793)
	panelEdge  = rgb(0xa7814c)
	lineCol    = rgb(0x5a3f22)
	panelLabel = rgb(0x6b4d2c)
)

// Overlays: marks drawn over the board. A mark that must show on every
// square is drawn in two tones, a light one and a dark one a 3:1 contrast
// apart, so that on any square, light or dark, one of them stands out by
// 3:1 or more, under every colour vision (see TestMarksShow).
var (
	lastTint    = rgba(0xffe14a, 0.50) // the last move's squares: a light yellow wash, which dark squares show
	lastLight   = rgb(0xffe066)        // the last move's arrow, a light yellow,
	lastDark    = rgb(0x1b1e25)        // in a dark outline, which also frames its squares
	selectTint  = rgba(0x2f80ed, 0.45) // the chosen piece
	targetCol   = rgb(0x13306b)        // its legal destinations: a dark blue mark,
	targetHalo  = rgb(0xf4f7fb)        // in a light rim; the chosen piece is framed in both
	takenCol    = rgba(0xd7261e, 0.85) // captured pieces
	captureCol  = rgb(0xf4f7fb)        // a destination where a piece stands, on a board of cells: white corners,
	captureEdge = lastDark             // edged in near black, unlike any side's pieces, whose rims are all dark
	turnedCol   = rgb(0xf4f7fb)        // a piece turned over: a ring dashed in white
	turnedEdge  = lastDark             // on a dark one, unlike the red of Zodiac's neutral pieces
	crossHalo   = rgba(0xffffff, 0.7)  // around the cross where a piece was captured
)

// arrowCols are the colours of the arrows that point out moves, by kind:
// a light sky blue for the better move and a dark vermilion for the one
// played, which differ in lightness as well as hue (Okabe and Ito's
// colour-blind-safe pair). Like the last move's arrow, they are outlined
// in lastDark.
var arrowCols = [...]color.RGBA{
	Better: rgb(0x56b4e9),
	Played: rgb(0xd55e00),
}

// arrowAlpha is the opacity of the arrows that point out moves, drawn over
// the pieces: a little of the piece under them shows through.
const arrowAlpha = 0.85

// style is how a side's pieces look.
type style struct {
	fill, rim, ring color.RGBA // a disc's body, edge and inner ring
	ink             color.RGBA // figure outlines and details
	light           bool       // a light side: figures drawn as white ones
	dot             bool       // a disc carries a dot in its centre
}

// sideStyle returns the look of a side from its name (Red, Blue, Black,
// White); an unknown name gets white for the first side and black for the
// second.
func sideStyle(name string, s engine.Side) style {
	switch name {
	// Red and Blue differ in lightness, not only in hue (a dark red, a
	// light blue), and Blue's discs carry a dot: they stay apart in
	// greyscale and for red-green colour blindness, body to body and whole
	// piece to whole piece, rims and rings included (see TestSidesApart and
	// TestSidesApartWholePiece).
	case "Red":
		return style{fill: rgb(0x8a1a15), rim: rgb(0x4f0d0a), ring: rgb(0xb84a42), ink: rgb(0x4f0d0a)}
	case "Blue":
		return style{fill: rgb(0x8ec5f8), rim: rgb(0x15427f), ring: rgb(0x5a96dc), ink: rgb(0x15427f), dot: true}
	case "White":
		s = 0
	case "Black":
		s = 1
	default:
		s &= 1
	}
	if s == 0 {
		return style{fill: rgb(0xf7f4ec), rim: rgb(0x2b2724), ring: rgb(0xcfc8ba), ink: rgb(0x1c1a18), light: true}
	}
	return style{fill: rgb(0x2a2a2e), rim: rgb(0x0c0c0e), ring: rgb(0x5c5c64), ink: rgb(0xa3a3a8)}
}

// neutralStyle is the look of neutral pieces.
var neutralStyle = style{fill: rgb(0xcf3a2c), rim: rgb(0x6e140c), ring: rgb(0xf0a096)}

// crownCol is the gold of a crown.
var crownCol = rgb(0xf0b429)
