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
		{gameAction(12, 5, verbPick).with("0"), "g/12/v5/pick/0"},
		{gameAction(12, 1, verbResign), "g/12/v1/resign"},
		{gameAction(9223372036854775807, 9223372036854775807, verbResignYes), "g/9223372036854775807/v9223372036854775807/resign!"},
		{gameAction(9223372036854775807, 9223372036854775807, verbPick).with("99"), "g/9223372036854775807/v9223372036854775807/pick/99"},
		// The controls of zugbots before versions, which carried the ply.
		{oldGameAction(12, 5, verbPick).with("0~3"), "g/12/5/pick/0~3"},
		{oldGameAction(12, 0, verbResign), "g/12/0/resign"},
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

// oldGameAction is a game control as zugbots before versions wrote it,
// with the ply: g/<game>/<ply>/<verb>.
func oldGameAction(game int64, ply int, verb string) action {
	return action{kind: gameKind, id: game, ply: ply, verb: verb}
}

func TestParseActionRefuses(t *testing.T) {
	for _, s := range []string{
		"g/12/v0/pick", "g/12/v/pick", "g/12/v-1/pick", "g/12/v05/pick", "g/12/vv5/pick", "g/12/V5/pick", "g/12/v+5/pick",
		"g/12/v9223372036854775808/pick", "g/12/v5", "p/12/v5/move", "c/7/v5/accept", "g/12/5v/pick",
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
	for _, s := range []string{"g/12/5/pick/0", "c/7/accept", "g/1/0/typed", "g//5/pick", "g/12/v5/pick/0", "g/1/v1/typed", "g/3/v9/draw+", "p/4/2/move/1"} {
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
		// A version is a game's only, and a game's control carries a
		// version or (an old one) a ply, never both.
		if a.version < 0 || a.version > 0 && (a.kind != gameKind || a.ply != 0) {
			t.Errorf("parseAction(%q) = %+v: a version where none belongs", s, a)
		}
		if len(s) > maxCustomIDLen {
			t.Errorf("parseAction accepted %d characters, over Discord's %d", len(s), maxCustomIDLen)
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
		"t/3/start":    tournamentAction(3, verbStart),
		"t/3/call":     tournamentAction(3, verbCancelTournament),
		"t/3/table":    tournamentAction(3, verbStandings),
		"t/3/join":     tournamentAction(3, verbJoin),
		"t/3/leave":    tournamentAction(3, verbLeave),
		"c/7/cancel":   challengeAction(7, verbCancel),
		"g/1/0/draw+":  oldGameAction(1, 0, verbDrawYes),
		"g/1/0/back-":  oldGameAction(1, 0, verbTakeNo),
		"g/1/v4/draw+": gameAction(1, 4, verbDrawYes),
		"g/1/v4/back-": gameAction(1, 4, verbTakeNo),
	} {
		if got, err := parseAction(s); err != nil || got != want {
			t.Errorf("parseAction(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
}
