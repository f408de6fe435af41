package feed

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Kind says what changed.
type Kind uint8

// The kinds of change. The zero Kind is none of them: a change must say
// what it is.
const (
	Started  Kind = iota + 1 // a game started (a rematch too; in a tournament, Tournament is set)
	Moved                    // a move was played, a person's or the AI's
	Offered                  // a draw or a takeback was offered
	Declined                 // an offer was declined or withdrawn
	Agreed                   // a draw offer was accepted: the game ended by agreement (a draw, or a counted result)
	TookBack                 // moves were taken back, on an offer accepted or against the AI (Ply is the ply after)
	Resigned                 // a player resigned
	TimedOut                 // a player lost on time (a flag fell, or the days per move ran out)
	Aborted                  // the game was aborted
	Round                    // a tournament's next round started, or the tournament ended (Game is 0)
	// Resync tells a subscriber that it may have missed changes: it must
	// reload everything it shows through its subscription from the store.
	// A Resync with neither Game nor Tournament goes to every subscription;
	// one with them goes where a change of theirs would (a bus's own
	// Resync names its subscription's game or tournament).
	Resync
)

// kindNames are the kinds' names, by Kind: what String returns and what
// the payloads of notifications carry.
var kindNames = [...]string{
	Started:  "Started",
	Moved:    "Moved",
	Offered:  "Offered",
	Declined: "Declined",
	Agreed:   "Agreed",
	TookBack: "TookBack",
	Resigned: "Resigned",
	TimedOut: "TimedOut",
	Aborted:  "Aborted",
	Round:    "Round",
	Resync:   "Resync",
}

// Valid reports whether k is one of the kinds.
func (k Kind) Valid() bool { return k >= Started && k <= Resync }

// String returns k's name, "Moved"; "Kind(n)" for a number that is no kind.
func (k Kind) String() string {
	if k.Valid() {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText encodes k as its name; a number that is no kind is an error.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("feed: no such kind: %d", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText decodes a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if i != 0 && n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("feed: no such kind: %.40q", b)
}

// Change says that a game or a tournament changed, and how: which game, at
// which ply. It carries no state: a subscriber reloads what it shows from
// the store (or from the game service, which reads the store), so that a
// change published in this process, one relayed from another, and a
// Resync are all handled alike. It is small and comparable, and its JSON
// form is under 130 bytes.
type Change struct {
	// Game is the game that changed; 0 for a change of a tournament alone
	// (Round).
	Game int64 `json:"game,omitempty"`
	// Tournament is the tournament the game belongs to, or that changed;
	// 0 for a game outside tournaments. A publisher sets it on its games'
	// changes so that a tournament's subscribers see them.
	Tournament int64 `json:"tournament,omitempty"`
	// Ply is the game's ply after the change: the number of moves played.
	// A subscriber that already shows a later ply can skip the change.
	Ply int `json:"ply"`
	// Kind says what changed.
	Kind Kind `json:"kind"`
	// Source names the adapter through which the change was asked for
	// ("discord", "web", …; "" when not said), so that an adapter can
	// leave alone the changes it has shown itself.
	Source string `json:"source,omitempty"`
	// Cause is the ID of the request that caused the change, where the
	// publisher says: the AI's reply carries the cause of the move (or
	// answer, takeback, start) that left the AI to move, whichever
	// process thinks it, so that the adapter waiting for it can tell it
	// from a reply it must show as made elsewhere.
	Cause string `json:"cause,omitempty"`
}

// String describes c for logs: "game 12 (tournament 3) ply 7: Moved".
func (c Change) String() string {
	s := ""
	if c.Game != 0 {
		s = "game " + strconv.FormatInt(c.Game, 10)
	}
	if c.Tournament != 0 {
		t := "tournament " + strconv.FormatInt(c.Tournament, 10)
		if s != "" {
			t = " (" + t + ")"
		}
		s += t
	}
	if s == "" {
		s = "everything"
	}
	return s + " ply " + strconv.Itoa(c.Ply) + ": " + c.Kind.String()
}

// check reports what is wrong with c, if anything: a kind that is none, a
// negative number, a game's change without its game, a Round without its
// tournament.
func (c Change) check() error {
	switch {
	case !c.Kind.Valid():
		return fmt.Errorf("no such kind: %d", uint8(c.Kind))
	case c.Game < 0 || c.Tournament < 0 || c.Ply < 0:
		return fmt.Errorf("negative number in %v", c)
	case c.Kind == Round && c.Tournament == 0:
		return errors.New("a Round without its tournament")
	case c.Kind != Round && c.Kind != Resync && c.Game == 0:
		return fmt.Errorf("a %v without its game", c.Kind)
	}
	return nil
}

// MaxPayload is the longest payload PostgreSQL's NOTIFY takes (in its
// default build): shorter than 8000 bytes.
const MaxPayload = 7999

// envelope is a notification's payload: a change and the process that
// published it, flat: {"origin":"…","game":12,"ply":7,"kind":"Moved"}.
type envelope struct {
	Origin Origin `json:"origin,omitempty"`
	Change
}

// encode returns the payload that relays c from origin.
func encode(origin Origin, c Change) (string, error) {
	if err := c.check(); err != nil {
		return "", fmt.Errorf("feed: %w", err)
	}
	b, err := json.Marshal(envelope{origin, c})
	if err != nil {
		return "", fmt.Errorf("feed: encode %v: %w", c, err)
	}
	if len(b) > MaxPayload {
		return "", fmt.Errorf("feed: the payload of %v is %d bytes, more than NOTIFY takes (%d)", c, len(b), MaxPayload)
	}
	return string(b), nil
}

// decode reads a payload. Fields it does not know are ignored (a newer
// process may send more); a payload without an origin is anyone's (an
// operator's psql, say).
func decode(payload string) (Origin, Change, error) {
	var e envelope
	if err := json.Unmarshal([]byte(payload), &e); err != nil {
		return "", Change{}, err
	}
	if err := e.Change.check(); err != nil {
		return "", Change{}, err
	}
	return e.Origin, e.Change, nil
}
