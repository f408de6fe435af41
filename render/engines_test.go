package render

import (
	"testing"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/zamma"
	"github.com/zugbot/zugbot/engine/zodiac"
	"github.com/zugbot/zugbot/engine/zonal"
)

// engineGoldens lists the golden images of the games finished after Zola:
// each start position, and a mid-game position with its last move.
func engineGoldens() []golden {
	return []golden{
		{"zamma-start", func(t *testing.T) (engine.Position, Options) {
			return zamma.Zamma.Start(), Options{}
		}},
		{"zamma-mid-white", func(t *testing.T) (engine.Position, Options) {
			p, last := play(t, zamma.Zamma, "f4-e5 h6xf4 e3xg5 c5xe3 d2xf4 f6xd4xd2 c1xe3 f7-f6 f5xf7 f8xf6 e1-d2 i7-h6 "+
				"g5xi7 g9-f8 i7xg9 i8-i7 b4-c5 b6xd4 c3xe5 f6xd4 e3xc5 d6xb4 a3xc5 a5xa3xc1xe3xe5")
			return p, with(players, func(o *Options) { o.LastMove, o.Viewer = last, new(zamma.White) })
		}},
		{"zodiac-start", func(t *testing.T) (engine.Position, Options) {
			return zodiac.Zodiac.Start(), Options{}
		}},
		{"zodiac-mid", func(t *testing.T) (engine.Position, Options) {
			// White's last jump turned the disc on C6 over.
			p, last := play(t, zodiac.Zodiac, "T5-C6 T6-C1 C5-C4 C4-C3 T1-C5 C1-T6")
			return p, with(players, func(o *Options) { o.LastMove = last })
		}},
		{"zonal-start", func(t *testing.T) (engine.Position, Options) {
			return zonal.Zonal.Start(), Options{}
		}},
		{"zonal-mid-check", func(t *testing.T) (engine.Position, Options) {
			// The black queen went into the eastern zone at o6, from where
			// it checks the king on h2 along a bent path; the white rook
			// stands on the Z square d1.
			p, last := play(t, zonal.Zonal, "f4 l5 g4 Nj6 Be3 m5 h3 g5 Rd1 Nk8 m3 Qf6 Kh2 Qo6+")
			return p, with(players, func(o *Options) { o.LastMove = last })
		}},
	}
}
