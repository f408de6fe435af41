package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTapTargets measures, on a 360-px phone, the tap target of
// every point of each game's board (the .hit circle a tap lands on): each
// is at least 35 CSS px across (WCAG 2.5.8 asks 24, 2.5.5 asks 44). Zonal
// Chess's 16 files would make cells of about 20 px; on a narrow portrait
// screen its board is turned on its side.
func TestBrowserTapTargets(t *testing.T) {
	for _, variant := range []string{"zola", "zamma", "zonal", "zodiac"} {
		t.Run(variant, func(t *testing.T) {
			f := newFixture(t, variant)
			ctx, errs := browser(t)
			phone(ctx, t)
			if err := chromedp.Do(ctx, chromedp.Navigate(f.link(time.Hour))); err != nil {
				t.Fatal(err)
			}
			waitPly(ctx, t, 0)
			sizes := eval[[]float64](ctx, t, `(() => {
				const s = [...document.querySelectorAll('#board .hit')].map((h) => { const r = h.getBoundingClientRect(); return Math.min(r.width, r.height); });
				return [s.length, Math.min(...s), document.getElementById('board').getBoundingClientRect().width];
			})()`)
			n, smallest, width := int(sizes[0]), sizes[1], sizes[2]
			t.Logf("%s at 360 px: %d tap targets, the smallest %.1f CSS px across; the board %.0f px wide", variant, n, smallest, width)
			if n == 0 || smallest < 35 {
				t.Errorf("%s at 360 px: the smallest of %d tap targets is %.1f CSS px across, want 35 at least", variant, n, smallest)
			}
			if width > 360 {
				t.Errorf("%s at 360 px: the board is %.0f px wide, wider than the screen", variant, width)
			}
			if e := errs(); len(e) > 0 {
				t.Errorf("the page reported errors: %q", e)
			}
		})
	}
}
