package bot

import (
	"strings"
	"testing"
)

func TestActionRoundTrip(t *testing.T) {
	tests := []struct {
		a    action
		want string
	}{
		{gameAction(12, 5, verbPick).with("0"), "g/12/5/pick/0"},
		{gameAction(12, 0, verbResign), "g/12/0/resign"},
		{gameAction(9223372036854775807, 2147483647, verbResignYes), "g/9223372036854775807/2147483647/resign!"},
		{challengeAction(7, verbAccept), "c/7/accept"},
		{tournamentAction(3, verbJoin), "t/3/join"},
		{action{kind: puzzleKind, id: 1099511627775, verb: verbPuzzleDaily}.with("2026-11-28"), "p/1099511627775/0/pday/2026-11-28"},
	}
	for _, tt := range tests {
		got := tt.a.String()
		if got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.a, got, tt.want)
		}
		if len(got) > maxCustomIDLen {
			t.Errorf("%q is longer than Discord's %d characters", got, maxCustomIDLen)
		}
		back, err := parseAction(got)
		if err != nil || back != tt.a {
			t.Errorf("parseAction(%q) = %+v, %v; want %+v", got, back, err, tt.a)
		}
	}
}

func TestParseActionRefuses(t *testing.T) {
	for _, s := range []string{
		"", "g", "g/12", "g/12/5", "g/x/5/pick", "g/12/x/pick", "g/12/-1/pick", "g/0/1/pick", "g/012/1/pick",
		"g/12/05/pick", "g/12/5/accept", "c/7/pick", "c/7/accept/x", "c/-7/accept", "x/1/2/pick",
		"g/12/5/nosuch", "g/12/5/pick/", "c/99999999999999999999/accept", "t/3/accept", "c/3/join", "t/3/join/x", strings.Repeat("g/1/1/pick/", 20),
	} {
		if a, err := parseAction(s); err == nil {
			t.Errorf("parseAction(%q) = %+v, want an error", s, a)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"g/12/5/pick/0", "c/7/accept", "g/1/0/typed", "g//5/pick"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := parseAction(s)
		if err != nil {
			return
		}
		if got := a.String(); got != s {
			t.Errorf("parseAction(%q) = %+v, which writes back as %q", s, a, got)
		}
	})
}

// TestEveryVerbParses checks the list of verbs against the parser: each
// verb's custom ID reads back, and the same verb under another kind of
// control is refused.
func TestEveryVerbParses(t *testing.T) {
	for name, v := range verbs {
		for _, a := range []action{gameAction(3, 7, name), challengeAction(3, name), tournamentAction(3, name)} {
			got, err := parseAction(a.String())
			switch {
			case a.kind == v.kind && (err != nil || got != a):
				t.Errorf("parseAction(%q) = %+v, %v; want %+v", a.String(), got, err, a)
			case a.kind != v.kind && err == nil:
				t.Errorf("parseAction(%q) accepted a verb of another kind of control", a.String())
			}
		}
	}
}

// TestPostedCustomIDs checks the custom IDs of buttons on messages already
// posted: their strings are on the wire and must read as they always did,
// whatever the verbs are called in the code.
func TestPostedCustomIDs(t *testing.T) {
	for s, want := range map[string]action{
		"t/3/start":   tournamentAction(3, verbStart),
		"t/3/call":    tournamentAction(3, verbCancelTournament),
		"t/3/table":   tournamentAction(3, verbStandings),
		"t/3/join":    tournamentAction(3, verbJoin),
		"t/3/leave":   tournamentAction(3, verbLeave),
		"c/7/cancel":  challengeAction(7, verbCancel),
		"g/1/0/draw+": gameAction(1, 0, verbDrawYes),
		"g/1/0/back-": gameAction(1, 0, verbTakeNo),
	} {
		if got, err := parseAction(s); err != nil || got != want {
			t.Errorf("parseAction(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
}
