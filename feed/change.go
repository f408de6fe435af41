package feed

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
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
	Round                    // a tournament's next round started (Game is 0)

	// The steps of a tournament (Game is 0).
	Created   // a tournament was created, open to sign-ups
	Joined    // a player joined it
	Left      // a player left it
	Begun     // it started (its first round follows as a Round)
	Paused    // it was paused
	Resumed   // it was resumed
	Cancelled // it was cancelled
	Finished  // it ended

	// The steps of a challenge (Challenge is set; Game too once accepted).
	Challenged // a challenge was made
	Accepted   // it was accepted: its game started (that game's Started follows)
	Refused    // it was declined
	Withdrawn  // it was cancelled by its challenger
	Expired    // nobody answered it in time

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

	Created:   "Created",
	Joined:    "Joined",
	Left:      "Left",
	Begun:     "Begun",
	Paused:    "Paused",
	Resumed:   "Resumed",
	Cancelled: "Cancelled",
	Finished:  "Finished",

	Challenged: "Challenged",
	Accepted:   "Accepted",
	Refused:    "Refused",
	Withdrawn:  "Withdrawn",
	Expired:    "Expired",

	Resync: "Resync",
}

// OfTournament reports whether k is a step of a tournament alone: Round,
// Created… Finished.
func (k Kind) OfTournament() bool { return k >= Round && k <= Finished }

// OfChallenge reports whether k is a step of a challenge.
func (k Kind) OfChallenge() bool { return k >= Challenged && k <= Expired }

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

// Change says that a game, a tournament or a challenge changed, and how:
// which game, at which version. It carries no state: a subscriber reloads
// what it shows from the store (or from the game service, which reads the
// store), so that a change published in this process, one relayed from
// another, and a Resync are all handled alike. It is small and
// comparable, and its JSON form is at most about 210 bytes.
type Change struct {
	// Game is the game that changed; 0 for a change of a tournament alone
	// (Round).
	Game int64 `json:"game,omitempty"`
	// Tournament is the tournament the game belongs to, or that changed;
	// 0 for a game outside tournaments. A publisher sets it on its games'
	// changes so that a tournament's subscribers see them.
	Tournament int64 `json:"tournament,omitempty"`
	// Challenge is the challenge that changed, for a challenge's kinds; an
	// accepted challenge names its game too.
	Challenge int64 `json:"challenge,omitempty"`
	// Version is the game's version after the change: every write to a
	// game counts it up by one, so that of two states of a game the one
	// with the higher version is the later. A subscriber that already
	// shows that version, or a later one, can skip the change. It is 0
	// for a change of a tournament or a challenge alone.
	Version int64 `json:"version,omitempty"`
	// Ply is the game's ply after the change: the number of moves played.
	// It is no test of staleness (a takeback lowers it, and two positions
	// may share it): Version is.
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

// String describes c for logs: "game 12 (tournament 3) version 9 ply 7: Moved".
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
	if c.Challenge != 0 {
		s = "challenge " + strconv.FormatInt(c.Challenge, 10) + " " + s
	}
	if s == "" {
		s = "everything"
	}
	if c.Version != 0 {
		s += " version " + strconv.FormatInt(c.Version, 10)
	}
	return strings.TrimSpace(s) + " ply " + strconv.Itoa(c.Ply) + ": " + c.Kind.String()
}

// check reports what is wrong with c, if anything: a kind that is none, a
// negative number, a game's change without its game, a tournament's
// without its tournament, a challenge's without its challenge.
func (c Change) check() error {
	switch k := c.Kind; {
	case !k.Valid():
		return fmt.Errorf("no such kind: %d", uint8(k))
	case c.Game < 0 || c.Tournament < 0 || c.Challenge < 0 || c.Version < 0 || c.Ply < 0:
		return fmt.Errorf("negative number in %v", c)
	case k.OfTournament() && c.Tournament == 0:
		return fmt.Errorf("a %v without its tournament", k)
	case k.OfChallenge() && c.Challenge == 0:
		return fmt.Errorf("a %v without its challenge", k)
	case !k.OfTournament() && !k.OfChallenge() && k != Resync && c.Game == 0:
		return fmt.Errorf("a %v without its game", k)
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

// sourceKey is the context key of the adapter a change is asked for
// through.
type sourceKey struct{}

// WithSource returns ctx saying that the changes made with it are asked
// for through the adapter named source ("discord", "web", …): they are
// published with it (Change.Source).
func WithSource(ctx context.Context, source string) context.Context {
	return context.WithValue(ctx, sourceKey{}, source)
}

// SourceOf returns the source WithSource put in ctx, or "".
func SourceOf(ctx context.Context) string {
	s, _ := ctx.Value(sourceKey{}).(string)
	return s
}
