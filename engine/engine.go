// Package engine is the shared vocabulary of zugbot's games: variants,
// positions, moves, outcomes, notation errors and the board geometry a
// renderer draws. Every game package implements it, and every consumer (the
// AI, the renderer, the store and the bot) uses it without knowing which game
// it holds.
//
// A Position is mutable: Do plays a move in place and Undo takes it back, so
// that search and perft run without allocating. Play gives the value-style
// API (a new position, the old one untouched) where allocation does not
// matter.
package engine

import (
	"encoding"
	"fmt"
)

// Side is one of the two players of a game, by index: the meaning (Red or
// Blue, White or Black) is in Variant.Sides.
type Side uint8

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

// Move is a move in one position of one game, packed by the game that
// generated it. Its bits mean nothing outside that game; moves compare with
// ==. The zero Move is never a legal move in any game, so it can stand for
// "no move".
type Move struct {
	Lo, Hi uint64
}

// IsZero reports whether m is the zero Move ("no move").
func (m Move) IsZero() bool { return m == Move{} }

// Status says whether a game goes on, and if not how it ended.
type Status uint8

// The statuses of a game.
const (
	Ongoing Status = iota // the game goes on
	Win                   // Outcome.Winner has won
	Draw                  // nobody has won
)

// String returns "ongoing", "win" or "draw".
func (s Status) String() string {
	switch s {
	case Ongoing:
		return "ongoing"
	case Win:
		return "win"
	case Draw:
		return "draw"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Outcome is the result of a game as the board decides it.
type Outcome struct {
	Status Status
	Winner Side   // meaningful only when Status is Win
	Reason string // lower case, for a caption: "checkmate", "no legal moves", …
	// Detail, when not empty, is the end of Reason that tells how the
	// result was reached, apart from why the game ended: for a game decided
	// by a count, "White has more counters (12 to 10)".
	Detail string
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }

// Kind is a kind of piece, such as a king or a checker. Each game declares
// its kinds once, as package-level values, and lists them in Variant.Kinds;
// pieces refer to their kind by pointer, so kinds compare with ==.
type Kind struct {
	// Name names the kind for people, in lower case: "king", "checker".
	Name string
	// Symbol is the letter (or short text) that stands for a piece of this
	// kind on a text board, by side: {"K", "k"}.
	Symbol [2]string
	// Look is how a renderer draws the kind.
	Look Look
	// Neutral is set for a kind that belongs to neither side: its pieces'
	// Side means nothing, and they are drawn in a colour of their own.
	Neutral bool
}

// String returns the kind's name, or "" for the nil Kind (no piece).
func (k *Kind) String() string {
	if k == nil {
		return ""
	}
	return k.Name
}

// Look is how a renderer draws a kind of piece, in the colours of the
// piece's side (or the neutral colours).
type Look uint8

// The looks of pieces.
const (
	Disc         Look = iota // a plain disc, like a checker
	CrownedDisc              // a disc with a crown on it
	DottedDisc               // a disc with a dot in its centre
	KingFigure               // a Staunton chess king
	QueenFigure              // a Staunton chess queen
	RookFigure               // a Staunton chess rook
	BishopFigure             // a Staunton chess bishop
	KnightFigure             // a Staunton chess knight
	PawnFigure               // a Staunton chess pawn
)

// Piece is what stands on a point. The zero Piece, whose Kind is nil, is
// no piece.
type Piece struct {
	Kind *Kind
	Side Side // meaningless for a neutral kind
}

// MoveInfo describes a move for display: where the moving piece goes and
// what it takes.
type MoveInfo struct {
	// Path lists the points the moving piece stands on, from its start to
	// where it ends: two points for a simple move, one per landing for a
	// multiple capture, none for a pass.
	Path []int
	// Taken lists the points whose pieces the move captures (or, in Zodiac,
	// turns over).
	Taken []int
}

// Position is the state of a game in progress: the board, the side to move,
// and the history the rules need (repetitions, move counters) since the
// position it started from.
//
// Moves, Do and Undo are the hot path and must not allocate once the
// position has grown its history to the depth in use. A Position is not
// safe for concurrent use, not even its reading methods, which may use
// scratch space or try moves in place: give each goroutine its own Clone. Do must only be given
// a move that Moves returned for the current position (ParseMove finds one
// from text).
type Position interface {
	// Variant returns the variant this position belongs to.
	Variant() *Variant
	// Turn returns the side to move.
	Turn() Side
	// Moves appends the legal moves to dst and returns the extended slice.
	// It returns dst unchanged exactly when the game is over.
	Moves(dst []Move) []Move
	// Do plays m in place.
	Do(m Move)
	// Undo takes back the last move played with Do. It panics if there is none.
	Undo()
	// Outcome returns the result the board decides: Ongoing while there are
	// legal moves.
	Outcome() Outcome
	// Agreed returns the result if both players agree to end the game now,
	// as Variant.Agreement describes it, and false if the game has no
	// agreed ending (or is over).
	Agreed() (Outcome, bool)
	// Hash returns a hash of the board, the side to move and whatever else
	// decides the legal moves (not the history): equal positions hash equal.
	Hash() uint64
	// Piece returns what stands on point i of the variant's geometry.
	Piece(i int) Piece
	// Describe explains legal move m of this position for display.
	Describe(m Move) MoveInfo
	// FormatMove returns the notation of legal move m in this position.
	FormatMove(m Move) string
	// ParseMove resolves text against the legal moves. Its errors are
	// *MoveError values that a player can act on.
	ParseMove(s string) (Move, error)
	// Clone returns an independent copy, history included.
	Clone() Position
	// MarshalText returns the position string as the game's rules define it.
	encoding.TextMarshaler
}

// Variant is a playable variant of a game and everything static about it.
type Variant struct {
	ID      string // stable identifier: "zola", "zola8", "chess", …
	Name    string // for people: "Zola 6×6"
	Game    string // the game's name: "Zola"
	Credit  string // "Zola by Mark Steere", or the source of traditional rules
	Summary string // a short rules summary for people, a few sentences
	// Notation says how moves are written, for people: a sentence or two
	// with examples.
	Notation string
	// Rules is where the rules are written out in full, notation and
	// position strings included: a path in zugbot's repository.
	Rules string
	Sides [2]string // side names by Side: {"Red", "Blue"}
	// MaxPlies bounds the length of any game from the start position, in plies.
	MaxPlies int
	// Kinds lists every kind of piece a game of the variant can show,
	// promotions included: a renderer prepares the artwork of these.
	Kinds []*Kind
	// Agreement says what the players may agree to end a game with.
	Agreement Agreement
	// Ending says how a game ends, for a player who asks to end one by
	// agreement when the variant has no agreed ending: a lower-case clause
	// ending with a full stop, "a game ends when a side has no move.".
	// Empty says nothing beyond the rules summary.
	Ending string
	// Counting, for a variant whose agreed ending is AgreedCount, says what
	// deciding the game by agreement does, as a lower-case phrase: "counting
	// the counters".
	Counting string
	// Geometry is the board as a renderer sees it.
	Geometry *Geometry
	// Start returns a new start position.
	Start func() Position
	// Parse reads a position string. Its history starts there.
	Parse func(s string) (Position, error)
}

// Agreement is what the players of a variant may agree to end a game with.
type Agreement uint8

// The agreements a variant may allow.
const (
	// NoAgreement: games end only as the board decides (or by a
	// resignation); Variant.Ending says how.
	NoAgreement Agreement = iota
	// AgreedDraw: the players may agree a draw.
	AgreedDraw
	// AgreedCount: the players may agree to end the game, and a count of the
	// board decides the result (Variant.Counting says what is counted, and
	// the agreed Outcome's Detail how the count came out).
	AgreedCount
)

// String returns the variant's ID.
func (v *Variant) String() string { return v.ID }

// Play returns the position after legal move m, leaving p unchanged.
func Play(p Position, m Move) Position {
	c := p.Clone()
	c.Do(m)
	return c
}

// String returns p's position string, or a description of the error.
func String(p Position) string {
	b, err := p.MarshalText()
	if err != nil {
		return fmt.Sprintf("<%s: %v>", p.Variant().ID, err)
	}
	return string(b)
}

// A CheckReporter is a Position whose game has check (Zonal Chess). Renderers
// mark the point of a king in check.
type CheckReporter interface {
	// InCheck returns the point of the side to move's king if it is in check.
	InCheck() (point int, ok bool)
}
