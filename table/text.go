package table

import (
	"fmt"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/store"
)

// SeatName names a seat for people: the player's name or the AI's level.
func SeatName(s store.Seat) string {
	if s.IsAI() {
		return fmt.Sprintf("zugbot (level %d, %s)", s.AI, ai.LevelName(s.AI))
	}
	return s.Name
}

// DurationText says how long d is for people: "24 hours", "1 hour", or
// Go's notation when it is not a whole number of hours.
func DurationText(d time.Duration) string {
	if h := d.Round(time.Hour); h == d {
		if h == time.Hour {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", int(h.Hours()))
	}
	return d.String()
}

// Result is how a finished game ended, in plain words, in two parts so
// that an adapter may set the first apart: Head says what happened ("Ada
// (Red) wins", "Draw", "Aborted") and Rest how (" — checkmate.").
type Result struct{ Head, Rest string }

// String returns the result as one sentence.
func (r Result) String() string { return r.Head + r.Rest }

// ResultOf says how finished game g of variant v ended. who, when not nil,
// names the moderator who aborted a game, from their user ID, as the
// adapter refers to people; nil leaves them unnamed.
func ResultOf(v *engine.Variant, g *store.Game, who func(id string) string) Result {
	switch g.Result {
	case store.Win:
		return Result{fmt.Sprintf("%s (%s) wins", SeatName(g.Seats[g.Winner]), v.Sides[g.Winner]), " — " + g.Why() + "."}
	case store.Draw:
		return Result{"Draw", " — " + g.Why() + "."}
	case store.Aborted:
		switch {
		case g.Reason == store.ReasonAdmin && g.EndedBy != "" && who != nil:
			return Result{"Aborted", fmt.Sprintf(" by a moderator, %s; not rated.", who(g.EndedBy))}
		case g.Reason == store.ReasonAdmin:
			return Result{"Aborted", " by a moderator; not rated."}
		case g.Reason == store.ReasonNoStart:
			return Result{"Aborted", " — the time ran out before both players had moved; not rated."}
		}
		return Result{"Aborted", " — " + g.Why() + "; not rated."}
	}
	return Result{Head: "The game goes on."}
}

// AgreedText names the result an agreement would give in game g, in
// plain text.
func AgreedText(v *engine.Variant, g *store.Game, o engine.Outcome) string {
	if o.Status == engine.Win {
		return fmt.Sprintf("%s (%s) would win", v.Sides[o.Winner], SeatName(g.Seats[o.Winner]))
	}
	return "it would be a draw"
}

// AgreedDetail is why an agreement ends as it does: how the count came
// out.
func AgreedDetail(o engine.Outcome) string {
	if o.Detail != "" {
		return o.Detail
	}
	return o.Reason
}

// agreedEnd is how a game ends when both agree, as the position says.
func agreedEnd(o engine.Outcome, by string) store.End {
	if o.Status == engine.Win {
		return store.End{Result: store.Win, Winner: o.Winner, Reason: store.ReasonRule, Rule: o.Reason, By: by}
	}
	if o.Detail != "" {
		return store.End{Result: store.Draw, Reason: store.ReasonRule, Rule: o.Reason, By: by}
	}
	return store.End{Result: store.Draw, Reason: store.ReasonAgreement, By: by}
}

// CountsAtAgreement reports whether an agreed end in v is decided by a
// count rather than a draw.
func CountsAtAgreement(v *engine.Variant) bool { return v.Agreement == engine.AgreedCount }

// endingRule explains how a game without agreed endings ends.
func endingRule(v *engine.Variant) string {
	if v.Ending != "" {
		return v.Ending
	}
	return "play it out, or resign."
}
