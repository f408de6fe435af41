package main

import (
	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zola"
	"github.com/zugbot/zugbot/engine/zonal"
)

// variants lists every variant zugbot knows, in menu order. It is the one
// place that names the concrete games.
func variants() []*engine.Variant {
	return []*engine.Variant{
		zola.Zola, zola.Zola8, zola.Zola4,
		zodiac.Zodiac,
		zamma.Zamma,
		zonal.Zonal, zonal.Chess,
	}
}
