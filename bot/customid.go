package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
)

// action is what a button, select menu or modal asks for, as carried in its
// custom ID, so that controls keep working after a restart:
//
//	g/<game>/v<version>/<verb>[/<arg>]   a game's controls, drawn for the turn begun at that version
//	c/<challenge>/<verb>                 a challenge's buttons
//	t/<tournament>/<verb>                a tournament's buttons
//
// A game's control is good as long as the game's turn is the one it was
// drawn for: its version is the game's TurnVersion then (store.Game),
// which every change of position (a move, a takeback) moves on, and an
// offer or its answer leaves alone. The controls of zugbots before it
// carry the ply instead, g/<game>/<ply>/<verb>: they read with version 0
// and ply set, and a control that needs a fresh board refuses them
// (onGame).
type action struct {
	kind    actionKind
	id      int64
	version int64 // a game's control: the turn's version it was drawn for; 0 for an old control
	ply     int   // a puzzle's step; an old game control's ply
	verb    string
	arg     string
}

// actionKind is what a control acts on: a game, a challenge or a
// tournament.
type actionKind byte

// The kinds of controls, as their custom IDs begin.
const (
	gameKind       actionKind = 'g'
	challengeKind  actionKind = 'c'
	tournamentKind actionKind = 't'
)

// The verbs of controls. Their strings are in the custom IDs of messages
// already posted, so they never change, even where the name has: a
// tournament's "call" is its cancellation and its "table" its standings.
const (
	verbPick             = "pick"    // select menu: the piece to move (arg: menu page)
	verbTo               = "to"      // select menu: the move of the picked piece (arg: menu page)
	verbType             = "type"    // button: open the "type a move" modal
	verbTyped            = "typed"   // modal submit: a typed move
	verbResign           = "resign"  // button: ask to resign
	verbResignYes        = "resign!" // button: confirm resigning
	verbDraw             = "draw"    // button: offer a draw (or the agreed ending)
	verbDrawSure         = "draw!"   // button: offer the agreed ending, its count seen
	verbDrawYes          = "draw+"   // button: accept the offer
	verbDrawNo           = "draw-"   // button: decline the offer
	verbTakeYes          = "back+"   // button: accept a takeback
	verbTakeNo           = "back-"   // button: decline a takeback
	verbRematch          = "rematch" // button: a new game, colours swapped
	verbAnalyse          = "analyse" // button: the finished game's analysis
	verbLive             = "live"    // button: a link to the game's live board
	verbAccept           = "accept"  // challenge: accept
	verbDecline          = "decline" // challenge: decline
	verbCancel           = "cancel"  // challenge: withdrawn by the challenger
	verbJoin             = "join"    // tournament: sign up
	verbLeave            = "leave"   // tournament: withdraw
	verbStart            = "start"   // tournament: start it (its creator or a moderator)
	verbCancelTournament = "call"    // tournament: call it off (its creator or a moderator)
	verbStandings        = "table"   // tournament: show the standings
	maxCustomIDLen       = 100
)

// verb is what a control's verb acts on, and the handler that answers it.
type verb struct {
	kind actionKind
	run  func(*request, action) error
}

// answersFirst reports whether a control's verb answers with what Discord
// takes only as the initial response: a form (a modal) or the Activity's
// launch. Such a click is never deferred (late.go), as a deferral would
// leave no way to show it.
func answersFirst(verb string) bool { return verb == verbType || verb == verbActivity }

// verbs are every verb of zugbot's controls: the one list from which the
// parsing of custom IDs and the dispatch of clicks are derived.
var verbs = map[string]verb{
	verbPick:      {gameKind, onGame((*request).pickPiece)},
	verbTo:        {gameKind, onGame((*request).pickMove)},
	verbType:      {gameKind, onGame((*request).askMove)},
	verbTyped:     {gameKind, onGame((*request).typedMove)},
	verbResign:    {gameKind, onGame(func(r *request, _ action, st *store.State, _ engine.Side) error { return r.askResign(st) })},
	verbResignYes: {gameKind, onGame(func(r *request, a action, st *store.State, _ engine.Side) error { return r.resign(a.id, st.Game.Ply) })},
	verbDraw:      {gameKind, onGame(func(r *request, a action, _ *store.State, _ engine.Side) error { return r.offerDraw(a.id, -1) })},
	verbDrawSure: {gameKind, onGame(func(r *request, a action, st *store.State, _ engine.Side) error {
		return r.offerDraw(a.id, st.Game.Ply)
	})},
	verbDrawYes:          {gameKind, (*request).answerOffer},
	verbDrawNo:           {gameKind, (*request).answerOffer},
	verbTakeYes:          {gameKind, (*request).answerOffer},
	verbTakeNo:           {gameKind, (*request).answerOffer},
	verbRematch:          {gameKind, func(r *request, a action) error { return r.rematch(a.id) }},
	verbAnalyse:          {gameKind, func(r *request, a action) error { return r.analyse(a.id) }},
	verbLive:             {gameKind, (*request).liveBoard},
	verbActivity:         {gameKind, (*request).launchActivity},
	verbAccept:           {challengeKind, (*request).challengeControl},
	verbDecline:          {challengeKind, (*request).challengeControl},
	verbCancel:           {challengeKind, (*request).challengeControl},
	verbJoin:             {tournamentKind, (*request).tournamentAct},
	verbLeave:            {tournamentKind, (*request).tournamentAct},
	verbStart:            {tournamentKind, (*request).tournamentAct},
	verbCancelTournament: {tournamentKind, (*request).tournamentAct},
	verbStandings:        {tournamentKind, (*request).tournamentAct},
	verbPuzzleMove:       {puzzleKind, (*request).puzzleMove},
	verbPuzzleNext:       {puzzleKind, (*request).puzzleNext},
	verbPuzzleGive:       {puzzleKind, (*request).puzzleGiveUp},
	verbPuzzleDaily:      {puzzleKind, (*request).puzzleDaily},
}

// gameAction is a control of game, drawn for the turn begun at version
// (store.Game.TurnVersion).
func gameAction(game, version int64, verb string) action {
	return action{kind: gameKind, id: game, version: version, verb: verb}
}

func challengeAction(id int64, verb string) action {
	return action{kind: challengeKind, id: id, verb: verb}
}

func tournamentAction(id int64, verb string) action {
	return action{kind: tournamentKind, id: id, verb: verb}
}

// with returns a copy of a with the argument set.
func (a action) with(arg string) action {
	a.arg = arg
	return a
}

// String returns the custom ID.
func (a action) String() string {
	var s string
	switch {
	case a.kind == gameKind && a.version > 0:
		s = fmt.Sprintf("%c/%d/v%d/%s", a.kind, a.id, a.version, a.verb)
	case a.kind == gameKind || a.kind == puzzleKind:
		s = fmt.Sprintf("%c/%d/%d/%s", a.kind, a.id, a.ply, a.verb)
	default:
		s = fmt.Sprintf("%c/%d/%s", a.kind, a.id, a.verb)
	}
	if a.arg != "" {
		s += "/" + a.arg
	}
	return s
}

// parseAction reads a custom ID. It never panics; an unknown or malformed
// ID is an error (a control from another bot version, or forged input).
func parseAction(s string) (action, error) {
	bad := func() (action, error) {
		return action{}, fmt.Errorf("unknown control %.40q", s)
	}
	if len(s) > maxCustomIDLen {
		return bad()
	}
	parts := strings.SplitN(s, "/", 5)
	var a action
	switch {
	case len(parts) >= 3 && (parts[0] == string(challengeKind) || parts[0] == string(tournamentKind)):
		a.kind = actionKind(parts[0][0])
		if len(parts) > 3 {
			return bad()
		}
		a.verb = parts[2]
	case len(parts) >= 4 && (parts[0] == string(gameKind) || parts[0] == string(puzzleKind)):
		a.kind = actionKind(parts[0][0])
		if v, ok := strings.CutPrefix(parts[2], "v"); ok && a.kind == gameKind {
			version, err := strconv.ParseInt(v, 10, 64)
			if err != nil || version <= 0 || v != strconv.FormatInt(version, 10) {
				return bad()
			}
			a.version = version
		} else {
			ply, err := strconv.Atoi(parts[2])
			if err != nil || ply < 0 || parts[2] != strconv.Itoa(ply) {
				return bad()
			}
			a.ply = ply
		}
		a.verb = parts[3]
		if len(parts) == 5 {
			if parts[4] == "" {
				return bad()
			}
			a.arg = parts[4]
		}
	default:
		return bad()
	}
	id, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || id <= 0 || parts[1] != strconv.FormatInt(id, 10) {
		return bad()
	}
	a.id = id
	if !knownVerb(a.kind, a.verb) {
		return bad()
	}
	return a, nil
}

// knownVerb reports whether verb is a verb of controls of that kind.
func knownVerb(kind actionKind, verb string) bool {
	v, ok := verbs[verb]
	return ok && v.kind == kind
}
