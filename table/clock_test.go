package table

import (
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/think"
)

func TestParseClock(t *testing.T) {
	for _, tt := range []struct {
		text string
		want store.Clock
		ok   bool
	}{
		{"5+3", store.Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}, true},
		{" 0.5 + 0 ", store.Clock{Base: 30 * time.Second}, true},
		{"90+30", store.Clock{Base: 90 * time.Minute, Increment: 30 * time.Second}, true},
		{"5", store.Clock{}, false},
		{"five+3", store.Clock{}, false},
		{"0+5", store.Clock{}, false},
		{"500+0", store.Clock{}, false},
		{"5+-1", store.Clock{}, false},
		{"5+999", store.Clock{}, false},
	} {
		got, err := ParseClock(tt.text)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseClock(%q) = %v, %v; want %v (ok %v)", tt.text, got, err, tt.want, tt.ok)
		}
	}
	for _, c := range LiveClocks() {
		if got, err := ParseClock(c.String()); err != nil || got != c {
			t.Errorf("preset %v does not read back: %v, %v", c, got, err)
		}
	}
}

// TestLiveThink checks the AI's time on a clock: a thirtieth of what it
// has and most of the increment, never half of what is left, never less
// than the pool's least think.
func TestLiveThink(t *testing.T) {
	for _, tt := range []struct {
		left, inc, want time.Duration
	}{
		{5 * time.Minute, 3 * time.Second, 10*time.Second + 2250*time.Millisecond},
		{3 * time.Second, 2 * time.Second, 1500 * time.Millisecond},
		{time.Second, 0, think.MinThink},
		{0, 0, think.MinThink},
	} {
		if got := liveThink(tt.left, tt.inc); got != tt.want {
			t.Errorf("liveThink(%v, %v) = %v, want %v", tt.left, tt.inc, got, tt.want)
		}
	}
}
