package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/engine/ai"
	"github.com/zugbot/zugbot/rules"
	"github.com/zugbot/zugbot/store"
)

// Resign ends game id, at ply, as a loss for user.
func (t *Table) Resign(ctx context.Context, id int64, user string, ply int) (Update, error) {
	unlock := t.locks.Lock(id)
	defer unlock()
	st, side, err := t.seat(ctx, id, user)
	if err != nil {
		return Update{}, err
	}
	g, err := t.store.Finish(ctx, id, ply, store.End{Result: store.Win, Winner: side.Other(), Reason: store.ReasonResignation, By: user})
	if err != nil {
		return Update{}, t.Explain(id, err)
	}
	st.Game = g
	return t.done(ctx, Update{Event: Resigned, State: st, Side: side})
}

// CanResign refuses when user may not resign game id now.
func (t *Table) CanResign(ctx context.Context, id int64, user string) (store.State, error) {
	st, _, err := t.seat(ctx, id, user)
	if err != nil {
		return st, err
	}
	if st.Game.Over() {
		return st, refusal(Refusal{Reason: GameOver, Game: id}, "Game #%d is already over.", id)
	}
	return st, nil
}

// OfferDraw offers the game's agreed ending (a draw, or the counted
// result) to user's opponent. Where a count decides the agreed ending, the
// offer must be confirmed at the game's ply (see DrawOptions.Confirmed):
// otherwise it changes nothing and returns a *Confirmation that says what
// the count would give. The AI answers at once, by its own judgement of
// the position (see aiAnswer); a person is asked. Offering back an open
// offer accepts it.
func (t *Table) OfferDraw(ctx context.Context, id int64, user string, opt DrawOptions) (Update, error) {
	st, side, unlock, err := t.going(ctx, id, user, "Game #%d is already over.")
	if err != nil {
		return Update{}, err
	}
	g := &st.Game
	v := st.Position.Variant()
	agreed, ok := st.Position.Agreed()
	switch {
	case !ok:
		unlock()
		return Update{}, refusal(Refusal{Reason: NoAgreement, Game: g.ID}, "%s has no draws and no agreed ending: %s", v.Game, endingRule(v))
	case CountsAtAgreement(v) && opt.Confirmed != g.Ply:
		unlock()
		return Update{}, &Confirmation{Game: g.ID, Ply: g.Ply, TurnVersion: g.TurnVersion, Agreed: agreed,
			msg: fmt.Sprintf("In %s, ending game #%d by agreement means %s now: %s, so %s. Offer it?",
				v.Game, g.ID, v.Counting, AgreedDetail(agreed), agreedFor(agreed, side))}
	case g.Seats[side.Other()].IsAI():
		unlock()
		return t.aiAnswer(ctx, st, side, agreed, user, opt.Thinking)
	}
	defer unlock()
	u := Update{State: st, Side: side, Agreed: agreed, Offer: store.Offer{Kind: store.DrawOffer, By: side, Ply: g.Ply}}
	opp := g.Seats[side.Other()]
	if o := g.Offer; o.Kind == store.DrawOffer && o.Ply == g.Ply {
		if o.By == side {
			return Update{}, refusal(Refusal{Reason: AlreadyOffered, Game: g.ID, Who: SeatName(opp)}, "You have already offered this in game #%d; %s has not answered yet.", g.ID, SeatName(opp))
		}
		ng, err := t.store.AcceptOffer(ctx, g.ID, store.DrawOffer, side, g.Ply, agreedEnd(agreed, user))
		if err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		u.State.Game, u.Event, u.Offer = ng, Agreed, o
		return t.done(ctx, u)
	}
	ng, err := t.store.Offer(ctx, g.ID, u.Offer)
	if err != nil {
		return Update{}, t.Explain(g.ID, err)
	}
	u.State.Game, u.Event = ng, Offered
	return t.done(ctx, u)
}

// DrawOptions are what a caller of OfferDraw says besides the offer.
type DrawOptions struct {
	// Confirmed is the ply at which the player was shown the count of an
	// agreed ending that a count decides, and confirmed it; -1 when they
	// have not.
	Confirmed int
	// Thinking, when set, is called before the AI judges the offer, which
	// takes up to a second's search (drawThink) after a wait for a worker:
	// the adapter may say that the answer is coming.
	Thinking func()
}

// A Confirmation is OfferDraw's answer to an unconfirmed offer of an
// agreed ending that a count decides: nothing was offered. Its text says
// what the count would give and asks whether to offer it; the player
// confirms by offering again, confirmed, at the same ply.
type Confirmation struct {
	Game int64
	Ply  int // the ply the count is for
	// TurnVersion is the turn the count is for (store.Game.TurnVersion).
	TurnVersion int64
	Agreed      engine.Outcome // what the count gives now
	msg         string
}

func (c *Confirmation) Error() string { return c.msg }

// agreedFor says what agreed ending o gives the player of side.
func agreedFor(o engine.Outcome, side engine.Side) string {
	switch {
	case o.Status != engine.Win:
		return "it would be a draw"
	case o.Winner == side:
		return "you would win"
	}
	return "you would lose"
}

// drawThink is the longest the AI thinks about a draw offer, whatever its
// level's budget: the offer is answered at once, as a move is not.
const drawThink = time.Second

// aiAnswer ends game st by agreement, offered by user on side, when the
// AI seated opposite agrees, as engines in tournaments do, by its own
// judgement. A counted ending (agreed) that it loses is declined without
// a search, and one that it wins is accepted; otherwise it accepts only
// when its search of the position at its level (at most drawThink; see
// ai.JudgeDraw) sees it as level or worse for itself, and in the opening
// (the game's first ai.DrawOpening plies) as worse. A decline holds for
// the game's ply: offered again before the game moves on, the offer is
// refused without another search.
func (t *Table) aiAnswer(ctx context.Context, st store.State, side engine.Side, agreed engine.Outcome, user string, thinking func()) (Update, error) {
	g := &st.Game
	if t.drawDeclined(g.ID, g.Ply) {
		return Update{}, refusal(Refusal{Reason: DrawDeclined, Game: g.ID}, "zugbot has already declined a draw at this move of game #%d. Offer again after the next move.", g.ID)
	}
	me := side.Other()
	accept := agreed.Status == engine.Win && agreed.Winner == me
	switch {
	case agreed.Status == engine.Win && agreed.Winner == side:
		t.declineDraw(g.ID, g.Ply)
		return Update{}, refusal(Refusal{Reason: DrawDeclined, Game: g.ID}, "zugbot declines: counted now, %s, so you would win. zugbot plays on.", AgreedDetail(agreed))
	case !accept:
		if thinking != nil {
			thinking()
		}
		level, v := g.Seats[me].AI, st.Position.Variant()
		err := t.onWorker(ctx, &st, level, drawThink, replyOptions{}, func(ctx context.Context, ws *ai.Workspace, d time.Duration) error {
			verdict, err := ws.JudgeDraw(ctx, v, level, d, st.Position, me, g.Ply)
			accept = verdict.Accept
			return err
		})
		if err != nil {
			return Update{}, fmt.Errorf("judge a draw in game %d: %w", g.ID, err)
		}
	}
	if !accept {
		t.declineDraw(g.ID, g.Ply)
		return Update{}, refusal(Refusal{Reason: DrawDeclined, Game: g.ID}, "zugbot declines the draw in game #%d and plays on.", g.ID)
	}
	unlock := t.locks.Lock(g.ID)
	defer unlock()
	ng, err := t.store.Finish(ctx, g.ID, g.Ply, agreedEnd(agreed, user))
	if err != nil {
		return Update{}, t.Explain(g.ID, err)
	}
	return t.done(ctx, Update{Event: Agreed, State: store.State{Game: ng, Position: st.Position, Moves: st.Moves}, Side: side, Agreed: agreed,
		Offer: store.Offer{Kind: store.DrawOffer, By: side, Ply: g.Ply}, ByAI: true})
}

// maxDeclines bounds the AI's remembered draw declines (a game and a ply
// each); beyond it they are forgotten, and an offer is judged again.
const maxDeclines = 10_000

// drawDeclined reports whether the AI declined a draw in game id at ply.
func (t *Table) drawDeclined(id int64, ply int) bool {
	t.declineMu.Lock()
	defer t.declineMu.Unlock()
	p, ok := t.declines[id]
	return ok && p == ply
}

// declineDraw remembers that the AI declined a draw in game id at ply.
func (t *Table) declineDraw(id int64, ply int) {
	t.declineMu.Lock()
	defer t.declineMu.Unlock()
	if t.declines == nil || len(t.declines) >= maxDeclines {
		t.declines = map[int64]int{}
	}
	t.declines[id] = ply
}

// Takeback takes back user's last move in a casual game without a live
// clock: at once against the AI (Event TookBack), as an offer to a person
// otherwise (Offered). A live game has no takebacks, rated or not: the
// clocks would run through the asking.
func (t *Table) Takeback(ctx context.Context, id int64, user string) (Update, error) {
	ctx, _ = t.cause(ctx)
	st, side, unlock, err := t.going(ctx, id, user, "Game #%d is over; there is nothing to take back.")
	if err != nil {
		return Update{}, err
	}
	defer unlock()
	g := &st.Game
	// Take back to just before the user's own last move.
	undo := 1
	if st.Position.Turn() == side {
		undo = 2
	}
	switch err := rules.CheckTakeback(g.Rated, g.Clock, undo, g.Ply); {
	case errors.Is(err, rules.ErrLiveTakeback):
		return Update{}, refusal(Refusal{Reason: LiveTakeback, Game: g.ID}, "Game #%d is played on a live clock (%s): live games have no takebacks.", g.ID, g.Clock)
	case errors.Is(err, rules.ErrRatedTakeback):
		return Update{}, refusal(Refusal{Reason: RatedTakeback, Game: g.ID}, "Game #%d is rated: takebacks are only for casual games and games against zugbot.", g.ID)
	case err != nil:
		return Update{}, refusal(Refusal{Reason: NothingToTakeBack, Game: g.ID}, "You have not moved yet in game #%d.", g.ID)
	}
	offer := store.Offer{Kind: store.TakebackOffer, By: side, Ply: g.Ply, Undo: undo}
	opp := g.Seats[side.Other()]
	if opp.IsAI() {
		if _, err := t.store.Takeback(ctx, g.ID, g.Ply, undo); err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		if st, err = t.Load(ctx, id); err != nil {
			return Update{}, err
		}
		return t.doneReplying(ctx, Update{Event: TookBack, State: st, Side: side, Offer: offer, ByAI: true})
	}
	if o := g.Offer; o.Kind == store.TakebackOffer && o.By == side && o.Ply == g.Ply {
		return Update{}, refusal(Refusal{Reason: AlreadyOffered, Game: g.ID, Who: SeatName(opp)}, "You have already asked to take back your move in game #%d; %s has not answered yet.", g.ID, SeatName(opp))
	}
	ng, err := t.store.Offer(ctx, g.ID, offer)
	if err != nil {
		return Update{}, t.Explain(g.ID, err)
	}
	st.Game = ng
	return t.done(ctx, Update{Event: Offered, State: st, Side: side, Offer: offer})
}

// Answer accepts or declines the open offer of the given kind in game id,
// made at ply, on behalf of user, the offer's recipient.
func (t *Table) Answer(ctx context.Context, id int64, user string, kind store.OfferKind, ply int, accept bool) (Update, error) {
	ctx, _ = t.cause(ctx)
	st, side, unlock, err := t.going(ctx, id, user, "Game #%d is already over.")
	if err != nil {
		return Update{}, err
	}
	defer unlock()
	g := &st.Game
	if g.Offer.Kind != kind || g.Offer.Ply != ply {
		return Update{}, refusal(Refusal{Reason: OfferClosed, Game: g.ID}, "That offer in game #%d is no longer open: the game has moved on or it was answered.", g.ID)
	}
	if g.Offer.By == side {
		return Update{}, refusal(Refusal{Reason: NotYours, Game: g.ID}, "It is your own offer; your opponent answers it.")
	}
	u := Update{State: st, Side: side, Offer: g.Offer}
	switch {
	case !accept:
		ng, err := t.store.DeclineOffer(ctx, g.ID, kind, ply)
		if err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		u.State.Game, u.Event = ng, Declined
	case kind == store.DrawOffer:
		agreed, _ := st.Position.Agreed()
		ng, err := t.store.AcceptOffer(ctx, g.ID, kind, side, ply, agreedEnd(agreed, user))
		if err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		u.State.Game, u.Event, u.Agreed = ng, Agreed, agreed
	default:
		if _, err := t.store.AcceptOffer(ctx, g.ID, kind, side, ply, store.End{}); err != nil {
			return Update{}, t.Explain(g.ID, err)
		}
		if u.State, err = t.Load(ctx, id); err != nil {
			return Update{}, err
		}
		u.Event = TookBack
	}
	return t.doneReplying(ctx, u)
}
