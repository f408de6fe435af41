package engine

import (
	"strings"
)

// MaxMoveText is the longest move entry any parser considers; longer text is
// refused before it is read.
const MaxMoveText = 200

// MoveError explains why a move entry was refused, in words a player can act
// on, with the legal alternatives when there are few.
type MoveError struct {
	Input  string   // the text as entered
	Reason string   // why it was refused: "e5 is not farther from the centre than d4"
	Legal  []string // legal moves worth suggesting; empty when there are too many
}

// Error returns the reason, naming the input and the alternatives.
func (e *MoveError) Error() string {
	var b strings.Builder
	in := e.Input
	if len(in) > 40 {
		in = in[:40] + "…"
	}
	b.WriteString("move ")
	b.WriteString(quote(in))
	b.WriteString(": ")
	b.WriteString(e.Reason)
	if len(e.Legal) > 0 {
		b.WriteString(" (legal: ")
		b.WriteString(strings.Join(e.Legal, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// quote wraps s in quotes, replacing control characters so that an error
// message stays on one line.
func quote(s string) string {
	return "\"" + strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return '?'
		}
		return r
	}, s) + "\""
}

// MaxSuggestions is how many legal alternatives a MoveError lists at most.
const MaxSuggestions = 8

// Refuse returns a *MoveError for input with the given reason, suggesting
// the formatted moves when there are at most MaxSuggestions of them.
func Refuse(p Position, input, reason string, moves []Move) *MoveError {
	e := &MoveError{Input: input, Reason: reason}
	if len(moves) > 0 && len(moves) <= MaxSuggestions {
		for _, m := range moves {
			e.Legal = append(e.Legal, p.FormatMove(m))
		}
	}
	return e
}

// Clean trims white space from a move entry and lower-cases it. It reports
// false for text that is empty or longer than MaxMoveText.
func Clean(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > MaxMoveText {
		return "", false
	}
	return strings.ToLower(s), true
}

// Lookup returns the legal move of p whose notation equals text, compared
// without regard to case or surrounding space. The canon function, if not
// nil, maps both sides to a canonical form first (for example to accept "-"
// and "x" alike).
func Lookup(p Position, text string, canon func(string) string) (Move, bool) {
	text, ok := Clean(text)
	if !ok {
		return Move{}, false
	}
	if canon != nil {
		text = canon(text)
	}
	var buf [256]Move
	for _, m := range p.Moves(buf[:0]) {
		f := strings.ToLower(p.FormatMove(m))
		if canon != nil {
			f = canon(f)
		}
		if f == text {
			return m, true
		}
	}
	return Move{}, false
}

// From returns the legal moves of p whose path starts on point i.
func From(p Position, i int) []Move {
	var out []Move
	var buf [256]Move
	for _, m := range p.Moves(buf[:0]) {
		if path := p.Describe(m).Path; len(path) > 0 && path[0] == i {
			out = append(out, m)
		}
	}
	return out
}
