package store

import (
	"context"
	"testing"
)

// TestReasonStoredAsItsCaption ends games for each reason and reads them
// back: the typed reason and the rule's words come back as they went in,
// and the column holds the caption that rows written before the reason
// was typed hold, so old rows read as new ones.
func TestReasonStoredAsItsCaption(t *testing.T) {
	ctx := context.Background()
	s, _ := mustOpen(t, Options{})
	for _, tt := range []struct {
		end     End
		caption string
	}{
		{End{Result: Win, Winner: 1, Reason: ReasonResignation, By: alice.ID}, "resignation"},
		{End{Result: Win, Reason: ReasonTimeout}, "timeout"},
		{End{Result: Draw, Reason: ReasonAgreement, By: bob.ID}, "agreement"},
		{End{Result: Aborted, Reason: ReasonAdmin, By: "mod"}, "aborted by admin"},
		{End{Result: Aborted, Reason: ReasonNoStart}, "aborted: no moves before the deadline"},
		{End{Result: Aborted, Reason: ReasonDeleted}, "a player's data was deleted"},
		{End{Result: Win, Reason: ReasonRule, Rule: "captured every enemy checker"}, "captured every enemy checker"},
	} {
		t.Run(tt.caption, func(t *testing.T) {
			g := mustGame(t, s, alice, bob, false)
			g, err := s.Finish(ctx, g.ID, 0, tt.end)
			if err != nil {
				t.Fatal(err)
			}
			var stored string
			if err := s.reads.QueryRowContext(ctx, `SELECT reason FROM games WHERE id = ?`, g.ID).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if stored != tt.caption {
				t.Errorf("stored %q; want %q", stored, tt.caption)
			}
			got, err := s.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Reason != tt.end.Reason || got.Rule != tt.end.Rule || got.Why() != tt.caption {
				t.Errorf("read back %v %q (%q); want %v %q (%q)", got.Reason, got.Rule, got.Why(), tt.end.Reason, tt.end.Rule, tt.caption)
			}
		})
	}
}
