package store

import (
	"fmt"
	"time"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/rules"
)

// Player is a person known to the bot.
type Player struct {
	ID   string // Discord user id
	Name string // display name as last seen
}

// Seat is one side of a game: a person, or the AI at some level.
type Seat struct {
	Player     // the person; zero for the AI
	AI     int // the AI's level from ai.MinLevel to ai.MaxLevel; 0 for a person
}

// IsAI reports whether the seat is the AI's.
func (s Seat) IsAI() bool { return s.AI > 0 }

// Result is how a game stands: going on, or how it ended.
type Result uint8

// The results of a game.
const (
	Ongoing Result = iota // the game goes on
	Win                   // Game.Winner has won
	Draw                  // nobody has won
	Aborted               // called off without a result; never rated
)

var resultNames = [...]string{Ongoing: "", Win: "win", Draw: "draw", Aborted: "aborted"}

// String returns the result as the database stores it: "", "win", "draw"
// or "aborted".
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("Result(%d)", r)
}

// Reason is why a game ended, a typed value: the board (ReasonRule, whose
// words, "checkmate", the game's rules give in Rule) or one of the reasons
// the service decides. The database stores it as its caption.
type Reason uint8

// The reasons for the end of a game.
const (
	ReasonNone        Reason = iota // the game goes on
	ReasonRule                      // the position decided, as the game's rules say (see Rule)
	ReasonResignation               // a player resigned
	ReasonTimeout                   // a player's time ran out
	ReasonAgreement                 // the players agreed
	ReasonAdmin                     // a moderator aborted it
	ReasonNoStart                   // aborted: the time ran out before both players had moved
	ReasonDeleted                   // aborted: a player's data was deleted
)

// reasonCaptions are the reasons' captions, as the database stores them.
var reasonCaptions = [...]string{
	ReasonResignation: "resignation",
	ReasonTimeout:     "timeout",
	ReasonAgreement:   "agreement",
	ReasonAdmin:       "aborted by admin",
	ReasonNoStart:     "aborted: no moves before the deadline",
	ReasonDeleted:     "a player's data was deleted",
}

// String returns the reason's caption; "rule" for ReasonRule and "" for
// ReasonNone.
func (r Reason) String() string {
	if r == ReasonRule {
		return "rule"
	}
	return caption(r, "")
}

// caption returns why a game ended in lower case, as the database stores
// it: rule for ReasonRule, the reason's caption otherwise.
func caption(r Reason, rule string) string {
	if r == ReasonRule {
		return rule
	}
	if int(r) < len(reasonCaptions) {
		return reasonCaptions[r]
	}
	return ""
}

// parseCaption reads a stored caption back: one of the service's reasons,
// or the rule's words.
func parseCaption(s string) (Reason, string) {
	if s == "" {
		return ReasonNone, ""
	}
	for r, c := range reasonCaptions {
		if c != "" && c == s {
			return Reason(r), ""
		}
	}
	return ReasonRule, s
}

// End is how a game ends.
type End struct {
	Result Result      // Win, Draw or Aborted; Ongoing means the game goes on
	Winner engine.Side // meaningful only for Win
	Reason Reason
	Rule   string // for ReasonRule: the rule's words, lower case, "checkmate"
	By     string // the user who ended it (resigned, agreed, aborted as admin); "" for the board or the clock
}

// EndOf returns the End the board decides: Ongoing while the game goes on.
func EndOf(o engine.Outcome) End {
	switch o.Status {
	case engine.Win:
		return End{Result: Win, Winner: o.Winner, Reason: ReasonRule, Rule: o.Reason}
	case engine.Draw:
		return End{Result: Draw, Reason: ReasonRule, Rule: o.Reason}
	}
	return End{}
}

// OfferKind is the kind of an offer one player makes to the other.
type OfferKind uint8

// The kinds of offers.
const (
	NoOffer       OfferKind = iota
	DrawOffer               // end the game by agreement (a draw, or a counted result)
	TakebackOffer           // take back the last move(s)
)

var offerNames = [...]string{NoOffer: "", DrawOffer: "draw", TakebackOffer: "takeback"}

// String returns the kind as the database stores it: "", "draw" or
// "takeback".
func (k OfferKind) String() string {
	if int(k) < len(offerNames) {
		return offerNames[k]
	}
	return fmt.Sprintf("OfferKind(%d)", k)
}

// Offer is a pending draw or takeback offer. It lapses when the game moves
// on: any move, takeback or end clears it.
type Offer struct {
	Kind OfferKind
	By   engine.Side // the side that offered
	Ply  int         // the game's ply when it was offered
	Undo int         // for a takeback: how many plies it removes
}

// RatingChange is what one rated game did to one player's rating.
type RatingChange struct {
	Side   engine.Side
	Player string // the player's id
	Before int
	After  int
}

// Delta returns the change: After - Before.
func (c RatingChange) Delta() int { return c.After - c.Before }

// Game is one game, as the database has it.
type Game struct {
	ID int64
	// PublicID is the game's unguessable address on the web (see
	// ValidPublicID); the sequential ID opens nothing there.
	PublicID string
	Variant  string  // engine.Variant ID
	Start    string  // start position string; "" for the variant's start
	Seats    [2]Seat // by engine.Side

	GuildID   string // "" in direct messages
	ChannelID string // where it was started; "" when played off Discord

	// Rated says whether the game counts for rating. A rated game that the
	// farming cap turns casual when it ends has Rated false and Capped true.
	Rated  bool
	Capped bool

	DaysPerMove int       // the move clock; 0 for none
	Deadline    time.Time // when the side to move runs out of time; zero without a clock or after the end

	// Ply is the number of moves recorded, which every change of position
	// checks.
	Ply int
	// Version counts the writes to the game: 1 when it starts, one more
	// with each change (a move, an offer, its answer, a takeback, the
	// end). Of two states of a game, the one with the higher version is
	// the later: the test of what is stale (see feed.Change.Version).
	Version int64
	// TurnVersion is the version at which the player to move began their
	// turn: the start, the last move or takeback (see ClaimTurnPing).
	TurnVersion int64

	Result  Result
	Winner  engine.Side // meaningful only when Result is Win
	Reason  Reason      // why it ended
	Rule    string      // for ReasonRule: the rule's words, "checkmate"
	EndedBy string      // End.By

	Offer     Offer // the pending offer; Kind NoOffer for none
	RematchOf int64 // the game this one is a rematch of; 0 for none

	// Tournament is the tournament the game is played in (0 for none),
	// and Round its round there.
	Tournament int64
	Round      int

	Hints int // the hints given in the game (see Store.UseHint)

	// Clock is the game's live time control; the zero Clock for a
	// correspondence game (see DaysPerMove). In a live game, Left holds
	// each side's time as it was when its clock last stopped, and the clock
	// of ClockSide has run since ClockAt (see TimeLeft).
	Clock     Clock
	Left      [2]time.Duration
	ClockSide engine.Side
	ClockAt   time.Time

	// Changes are the rating changes of a game that counted for rating, by
	// side; empty otherwise.
	Changes []RatingChange

	// Ratings are the people's ratings in the game's variant (Rating,
	// Peak and Games, what a board shows), read with the game in the same
	// query (so that a board drawn needs no read of
	// its own), and updated when its end rates them: InitialRating with no
	// games for one who has not played it rated, and the zero Rating for
	// the AI's seat or a game not read from the store (see Rating.Read).
	Ratings [2]Rating

	Created time.Time
	Updated time.Time
	Ended   time.Time // zero while the game goes on
}

// Why says why game g ended, in lower case, for a caption: the rule's words
// ("checkmate") or the service's reason ("resignation"); "" while it goes
// on.
func (g *Game) Why() string { return caption(g.Reason, g.Rule) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Result != Ongoing }

// SideOf returns the side the person with the given user id plays. A player
// who plays both sides (never created by the store) gets the first.
func (g *Game) SideOf(userID string) (engine.Side, bool) {
	for i, s := range g.Seats {
		if !s.IsAI() && s.ID == userID {
			return engine.Side(i), true
		}
	}
	return 0, false
}

// Move is one recorded move of a game.
type Move struct {
	Ply      int    // from 0: the game's ply before the move
	Notation string // as the engine formats it
	At       time.Time
}

// State is a game with its moves and the position they lead to.
type State struct {
	Game     Game
	Moves    []Move
	Position engine.Position
}

// NewGame describes a game to create.
type NewGame struct {
	Variant     string
	Start       string  // position string to start from; "" for the variant's start
	Seats       [2]Seat // by engine.Side; names update the players' names
	GuildID     string
	ChannelID   string
	Rated       bool // only between two people
	DaysPerMove int  // the move clock, 0 for none; one of rules.DaysPerMove
	// Clock is a live time control instead of DaysPerMove.
	Clock     Clock
	RematchOf int64
	// unlimited lets the players past their limit of active games: a
	// tournament's round, which they signed up for.
	unlimited bool
}

// Clock is a live time control (see rules.Clock).
type Clock = rules.Clock

// TimeLeft returns the time side has in game g at now: its stopped time,
// less what has run since ClockAt when it is its turn in a game going on.
// It is 0 for a correspondence game.
func (g *Game) TimeLeft(side engine.Side, now time.Time) time.Duration {
	if !g.Clock.Live() {
		return 0
	}
	return rules.TimeLeft(g.Left[side&1], !g.Over() && side == g.ClockSide, g.ClockAt, now)
}

// RatingVariant is the key of the ratings g counts for: its variant for
// a correspondence game, with "/live" for a live one, as live and
// correspondence play keep separate ratings.
func (g *Game) RatingVariant() string {
	if g.Clock.Live() {
		return g.Variant + LiveRatings
	}
	return g.Variant
}

// LiveRatings is what a variant's ID is followed by in the key of its
// ratings in live games.
const LiveRatings = "/live"

// Status selects games by whether they go on.
type Status uint8

// The statuses GameQuery can select.
const (
	AnyStatus Status = iota
	Active           // games that go on
	Finished         // games that have ended (aborted ones included)
)

// GameQuery selects games for Store.Games. Empty fields select everything.
type GameQuery struct {
	Player    string // games this person plays
	Opponent  string // with Player: only games between the two
	Variant   string
	GuildID   string
	ChannelID string // games in this channel, or in this thread
	Status    Status
	Limit     int // 25 when zero, at most 100
	Offset    int
}

// Colour is the side a challenger asks for.
type Colour uint8

// The colours a challenger may ask for.
const (
	RandomColour Colour = iota // decided when the challenge is accepted
	FirstColour                // the variant's first side (Sides[0])
	SecondColour               // the variant's second side (Sides[1])
)

var colourNames = [...]string{RandomColour: "random", FirstColour: "first", SecondColour: "second"}

// String returns "random", "first" or "second".
func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return fmt.Sprintf("Colour(%d)", c)
}

// ChallengeStatus is where a challenge stands.
type ChallengeStatus uint8

// The statuses of a challenge.
const (
	Pending ChallengeStatus = iota // open: waiting for an answer
	Accepted
	Declined
	Cancelled
	Expired
)

var challengeNames = [...]string{Pending: "open", Accepted: "accepted", Declined: "declined", Cancelled: "cancelled", Expired: "expired"}

// String returns the status as the database stores it: "open", "accepted"…
func (c ChallengeStatus) String() string {
	if int(c) < len(challengeNames) {
		return challengeNames[c]
	}
	return fmt.Sprintf("ChallengeStatus(%d)", c)
}

// NewChallenge describes a challenge to create.
type NewChallenge struct {
	Challenger  Player
	Opponent    Player // zero: open to anyone
	Variant     string
	Start       string
	Colour      Colour // the challenger's side
	Rated       bool
	DaysPerMove int   // the move clock of the game, 0 for none
	Clock       Clock // a live time control instead
	GuildID     string
	ChannelID   string
	TTL         time.Duration // how long it stays open; DefaultChallengeTTL when zero
	RematchOf   int64         // the game this challenge offers a rematch of
}

// Challenge is an invitation to play.
type Challenge struct {
	ID          int64
	Challenger  Player
	Opponent    Player // zero ID: open to anyone
	Variant     string
	Start       string
	Colour      Colour
	Rated       bool
	DaysPerMove int
	Clock       Clock // a live game's time control, instead of DaysPerMove
	GuildID     string
	ChannelID   string
	Status      ChallengeStatus
	GameID      int64 // the game it became, once accepted
	RematchOf   int64
	Created     time.Time
	Expires     time.Time
	Updated     time.Time
}

// TaskKind is the kind of a scheduled task.
type TaskKind uint8

// The kinds of scheduled tasks.
const (
	// Deadline: the side to move in Task.GameID has run out of time, if the
	// game is still at Task.Ply.
	Deadline TaskKind = iota + 1
	// Reminder: 1/rules.ReminderFraction of the move time of Task.GameID is
	// left.
	Reminder
	// Expiry: challenge Task.ChallengeID expires.
	Expiry
	// TournamentStep: tournament Task.TournamentID is due to start, or to
	// pair its next round.
	TournamentStep
	// Reply: the AI has been to move in Task.GameID, at Task.Ply, for
	// ReplyGrace: the process that was to think its move may have died.
	Reply
	// Analysis: the analysis of Task.GameID, asked for, has not been
	// posted within AnalysisGrace: the process making it may have died.
	Analysis
	// DailyPuzzle: the daily puzzle of server Task.Guild is due to be
	// posted (see Store.ClaimDailyPost); once handled, the timer is set
	// for the next day's (Store.Reschedule).
	DailyPuzzle
)

// ReplyGrace is how long the AI may take to answer in a game before its
// Reply timer comes due and another process may think the move instead.
const ReplyGrace = time.Minute

// AnalysisGrace is how long an analysis may go without a sign of progress
// before its Analysis timer comes due and another process, or the next
// start, makes and posts it instead.
const AnalysisGrace = 30 * time.Second

var taskNames = [...]string{Deadline: "deadline", Reminder: "reminder", Expiry: "expiry", TournamentStep: "tournament", Reply: "reply", Analysis: "analysis", DailyPuzzle: "daily"}

// String returns the kind as the database stores it.
func (k TaskKind) String() string {
	if k > 0 && int(k) < len(taskNames) {
		return taskNames[k]
	}
	return fmt.Sprintf("TaskKind(%d)", k)
}

// Task is a timer that has come due: a row with a due time, written by the
// store with the change that set it.
type Task struct {
	ID          int64
	Kind        TaskKind
	GameID      int64 // for Deadline and Reminder
	ChallengeID int64 // for Expiry
	// TournamentID is the tournament of a TournamentStep.
	TournamentID int64
	// Guild is the server of a DailyPuzzle.
	Guild    string
	Ply      int // the game's ply when the timer was set
	Due      time.Time
	Attempts int // failed tries so far (see Store.Retry)
	// Cause is, for a Reply, the ID of the request that left the AI to
	// move (see WithCause); "" when none was said.
	Cause string
}

// Rating is one player's standing in one variant.
type Rating struct {
	Player  Player
	Variant string
	Rating  int
	Peak    int
	Games   int // rated games played
	Wins    int
	Draws   int
	Losses  int
	Streak  int // wins in a row when positive, losses in a row when negative
	Updated time.Time
}

// Provisional reports whether the rating rests on fewer than
// ProvisionalGames games.
func (r Rating) Provisional() bool { return r.Games < rules.ProvisionalGames }

// Read reports whether r was read from the store: a game made in memory
// has no ratings (see Game.Ratings).
func (r Rating) Read() bool { return r.Variant != "" }

// String returns the rating for display, with a question mark while it is
// provisional: "1523?".
func (r Rating) String() string {
	if r.Provisional() {
		return fmt.Sprintf("%d?", r.Rating)
	}
	return fmt.Sprintf("%d", r.Rating)
}

// Standing is a line of a leaderboard.
type Standing struct {
	Rank int // from 1
	Rating
}

// LeaderboardQuery selects a leaderboard.
type LeaderboardQuery struct {
	Variant  string
	GuildID  string // players who have played in this server; "" for everyone
	MinGames int    // rated games needed to appear; Options.MinRatedGames when zero
	Limit    int    // 10 when zero, at most 100
	Offset   int
}

// Record counts a player's finished games, aborted ones aside.
type Record struct {
	Wins, Draws, Losses int
}

// Profile is what the bot shows about a player.
type Profile struct {
	Player  Player
	Ratings []Rating // one per variant played rated, most games first
	Record  Record   // every finished game, rated or casual, against people or the AI
	Active  int      // games going on
	Recent  []Game   // the latest finished games, newest first
}

// HeadToHead is the record between two players.
type HeadToHead struct {
	Record Record // from the first player's point of view; all finished games
	Rated  Record // the games that counted for rating
	Recent []Game // their latest finished games, newest first
}
