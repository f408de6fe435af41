// Package games is the one list of zugbot's games: every variant it knows,
// in menu order, and which of them Discord offers. It is the only package
// outside the games themselves that names them; the bot, the store and the
// renderer receive the variants from it (through cmd/zugbot) and know
// nothing about any one game.
package games

import (
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// list is every variant in menu order, each with whether Discord offers it;
// the others serve tests and the command-line tools.
var list = []struct {
	v      *engine.Variant
	listed bool
}{
	{zola.Zola, true},
	{zola.Zola8, true},
	{zola.Zola4, false},
	{zamma.Zamma, true},
	{zonal.Zonal, true},
	{zonal.Chess, false},
	{zodiac.Zodiac, true},
}

// All returns every variant zugbot knows, in menu order.
func All() []*engine.Variant {
	out := make([]*engine.Variant, 0, len(list))
	for _, e := range list {
		out = append(out, e.v)
	}
	return out
}

// Listed returns the variants Discord offers, in menu order.
func Listed() []*engine.Variant {
	var out []*engine.Variant
	for _, e := range list {
		if e.listed {
			out = append(out, e.v)
		}
	}
	return out
}
