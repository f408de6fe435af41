package render

import (
	"fmt"
	"image/color"

	"github.com/zugbot/zugbot/engine"
)

// WebPalette is the renderer's colours as CSS colour strings, for a board
// drawn elsewhere (the web page of package web), so that the PNG boards
// and the page keep one source for their colours.
type WebPalette struct {
	Frame      string       `json:"frame"`    // the card around the board
	Strip      string       `json:"strip"`    // the players' strips
	Text       string       `json:"text"`     // the main text
	TextDim    string       `json:"textDim"`  // secondary text
	Label      string       `json:"label"`    // file and rank labels beside cells
	TagMove    string       `json:"tagMove"`  // whose turn it is
	TagCheck   string       `json:"tagCheck"` // in check
	TagWin     string       `json:"tagWin"`   // the winner
	TagDraw    string       `json:"tagDraw"`  // a draw
	TagText    string       `json:"tagText"`  // text on a tag
	Cells      [3][2]string `json:"cells"`    // a cell's colour by engine.Mark (Plain, Tinted, Gilded) and shade
	CellBorder string       `json:"cellBorder"`
	Ring       string       `json:"ring"`       // the rings around the centre
	Sign       string       `json:"sign"`       // a cell's sign
	Panel      string       `json:"panel"`      // line boards: the wooden panel,
	PanelEdge  string       `json:"panelEdge"`  // its edge,
	Line       string       `json:"line"`       // its lines
	PanelLabel string       `json:"panelLabel"` // and its labels
	LastTint   string       `json:"lastTint"`   // the last move's squares
	LastLight  string       `json:"lastLight"`  // the last move's arrow,
	LastDark   string       `json:"lastDark"`   // in a dark outline
	Select     string       `json:"select"`     // the chosen piece
	Target     string       `json:"target"`     // its legal destinations,
	TargetHalo string       `json:"targetHalo"` // in a light rim
	Taken      string       `json:"taken"`      // captured (or turned) pieces
	Crown      string       `json:"crown"`      // the gold of a crown
	// Sides are the looks of a variant's two sides, by engine.Side, and
	// Neutral that of its neutral pieces.
	Sides   [2]WebStyle `json:"sides"`
	Neutral WebStyle    `json:"neutral"`
}

// WebStyle is how one side's pieces look.
type WebStyle struct {
	Fill  string `json:"fill"`  // a disc's body
	Rim   string `json:"rim"`   // its edge
	Ring  string `json:"ring"`  // its inner ring
	Ink   string `json:"ink"`   // figure outlines and details
	Light bool   `json:"light"` // figures drawn as white ones
	Dot   bool   `json:"dot"`   // a disc carries a dot in its centre
}

// css writes c as a CSS colour: #rrggbb when opaque, rgba() otherwise.
func css(c color.RGBA) string {
	if c.A == 0xff {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	a := float64(c.A) / 255
	un := func(v uint8) int { return int(float64(v)/a + 0.5) } // color.RGBA is premultiplied
	return fmt.Sprintf("rgba(%d,%d,%d,%.2f)", un(c.R), un(c.G), un(c.B), a)
}

func webStyle(s style) WebStyle {
	return WebStyle{Fill: css(s.fill), Rim: css(s.rim), Ring: css(s.ring), Ink: css(s.ink), Light: s.light, Dot: s.dot}
}

// Web returns the renderer's colours for a board of variant v.
func Web(v *engine.Variant) WebPalette {
	p := WebPalette{
		Frame: css(frameBG), Strip: css(stripBG), Text: css(textMain), TextDim: css(textDim), Label: css(labelCol),
		TagMove: css(tagMove), TagCheck: css(tagCheck), TagWin: css(tagWin), TagDraw: css(tagDraw), TagText: css(tagText),
		CellBorder: css(cellBorder), Ring: css(ringCol), Sign: css(signCol),
		Panel: css(panelCol), PanelEdge: css(panelEdge), Line: css(lineCol), PanelLabel: css(panelLabel),
		LastTint: css(lastTint), LastLight: css(lastLight), LastDark: css(lastDark),
		Select: css(selectTint), Target: css(targetCol), TargetHalo: css(targetHalo), Taken: css(takenCol),
		Crown: css(crownCol), Neutral: webStyle(neutralStyle),
	}
	for m := engine.Plain; m <= engine.Gilded; m++ {
		for shade := range uint8(2) {
			p.Cells[m][shade] = css(cellColour(m, shade))
		}
	}
	for s := range 2 {
		p.Sides[s] = webStyle(sideStyle(v.Sides[s], engine.Side(s)))
	}
	return p
}
