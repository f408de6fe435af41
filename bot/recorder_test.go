package bot

import (
	"context"
	"fmt"
	"image/png"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// recorder is a responder and a poster that records what a handler
// answers and posts, for the tests of handlers that need no more of
// Discord than that.
type recorder struct {
	mu        sync.Mutex
	responses []*discordgo.InteractionResponse
	edits     []*discordgo.WebhookEdit
	followups []*discordgo.WebhookParams
	deleted   bool
	// What it posted in channels: messages sent, edits, deletions.
	sent         []*discordgo.MessageSend
	sentTo       []string // the channel of each of sent
	channelEdits []*discordgo.MessageEdit
	removed      []string
}

func (r *recorder) Send(_ context.Context, channel string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent, r.sentTo = append(r.sent, m), append(r.sentTo, channel)
	return &discordgo.Message{ID: strconv.Itoa(100 + len(r.sent)), ChannelID: channel}, nil
}

func (r *recorder) SendOnce(ctx context.Context, channel, _ string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	return r.Send(ctx, channel, m)
}

func (r *recorder) EditMessage(_ context.Context, e *discordgo.MessageEdit) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.channelEdits = append(r.channelEdits, e)
	return &discordgo.Message{ID: e.ID, ChannelID: e.Channel}, nil
}

func (r *recorder) DeleteMessage(_ context.Context, _, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.removed = append(r.removed, id)
	return nil
}

func (r *recorder) StartThread(_ context.Context, _, message, name string) (*discordgo.Channel, error) {
	return &discordgo.Channel{ID: message, Name: name, Type: discordgo.ChannelTypeGuildPublicThread}, nil
}

func (r *recorder) JoinThread(context.Context, string) error { return nil }

func (r *recorder) Respond(_ context.Context, resp *discordgo.InteractionResponse) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.responses = append(r.responses, resp)
	return nil
}

func (r *recorder) Original(context.Context) (*discordgo.Message, error) {
	return &discordgo.Message{ID: "1"}, nil
}

func (r *recorder) Edit(_ context.Context, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.edits = append(r.edits, e)
	return &discordgo.Message{ID: "1"}, nil
}

func (r *recorder) Delete(context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deleted = true
	return nil
}

func (r *recorder) Followup(_ context.Context, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.followups = append(r.followups, p)
	return &discordgo.Message{ID: "2"}, nil
}

func (r *recorder) EditFollowup(_ context.Context, _ string, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.edits = append(r.edits, e)
	return &discordgo.Message{ID: "2"}, nil
}

func (r *recorder) DeleteFollowup(context.Context, string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deleted = true
	return nil
}

// recordingBot returns a bot on a real SQLite file whose session is never
// opened: its handlers' answers go to recorders.
func recordingBot(t *testing.T) (*Bot, *store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "zugbot.db"), store.Options{Variants: games.All()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := table.New(table.Config{Store: st, Variants: games.All(), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tab.Close) // before the store closes
	b, err := New(Config{Table: tab, Store: st, Posts: st, Variants: games.All(), Session: s})
	if err != nil {
		t.Fatal(err)
	}
	return b, st
}

// slash runs slash command name, with options, from user in guild 100's
// channel 200, and returns what it answered.
func slash(t *testing.T, b *Bot, user *discordgo.User, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *recorder {
	t.Helper()
	return slashWith(t, b, user, name, nil, opts...)
}

// private returns the one private answer rec holds.
func (r *recorder) private(t *testing.T) string {
	t.Helper()
	if len(r.responses) != 1 || r.responses[0].Data == nil || r.responses[0].Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("answers %+v; want one private message", r.responses)
	}
	return r.responses[0].Data.Content
}

// TestRefusalsRecorded checks the refusals of handlers with a recorder in
// place of Discord: a challenge to oneself and to a bot, a draw in a
// game that has none, and a takeback in a live game.
func TestRefusalsRecorded(t *testing.T) {
	b, st := recordingBot(t)
	alice := &discordgo.User{ID: "1", Username: "alice"}
	bob := &discordgo.User{ID: "2", Username: "bob"}
	robot := &discordgo.User{ID: "3", Username: "robot", Bot: true}
	user := func(u *discordgo.User) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: "opponent", Type: discordgo.ApplicationCommandOptionUser, Value: u.ID}
	}
	str := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
	}
	num := func(name string, v int64) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(v)}
	}
	if got := slashWith(t, b, alice, "challenge", []*discordgo.User{alice}, str("game", "zola"), user(alice)).private(t); !strings.Contains(got, "You cannot challenge yourself") {
		t.Errorf("a challenge to oneself: %q", got)
	}
	if got := slashWith(t, b, alice, "challenge", []*discordgo.User{robot}, str("game", "zola"), user(robot)).private(t); !strings.Contains(got, "robot is a bot and cannot play") {
		t.Errorf("a challenge to a bot: %q", got)
	}
	ctx := context.Background()
	seat := func(u *discordgo.User) store.Seat {
		return store.Seat{Player: store.Player{ID: u.ID, Name: u.Username}}
	}
	z, err := st.CreateGame(ctx, store.NewGame{Variant: "zodiac", Seats: [2]store.Seat{seat(alice), seat(bob)}, GuildID: "100", ChannelID: "200", DaysPerMove: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := slash(t, b, alice, "draw", num("game", z.ID)).private(t); !strings.Contains(got, "Zodiac has no draws and no agreed ending") {
		t.Errorf("a draw in Zodiac: %q", got)
	}
	live, err := st.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{seat(alice), seat(bob)}, GuildID: "100", ChannelID: "200", Clock: store.Clock{Base: 300e9}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.table.Play(ctx, live.ID, alice.ID, 0, "a1xb1"); err != nil {
		t.Fatal(err)
	}
	if got := slash(t, b, alice, "takeback", num("game", live.ID)).private(t); !strings.Contains(got, "is played on a live clock (5+0): live games have no takebacks.") {
		t.Errorf("a takeback in a live game: %q", got)
	}
}

// slashWith is slash with users resolved, as Discord sends the users that
// options name.
func slashWith(t *testing.T, b *Bot, user *discordgo.User, name string, users []*discordgo.User, opts ...*discordgo.ApplicationCommandInteractionDataOption) *recorder {
	t.Helper()
	ic := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
		ID: "11", Type: discordgo.InteractionApplicationCommand, GuildID: "100", ChannelID: "200",
		Member: &discordgo.Member{User: user},
		Data: discordgo.ApplicationCommandInteractionData{Name: name, Options: opts,
			Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}}},
	}}
	for _, u := range users {
		ic.ApplicationCommandData().Resolved.Users[u.ID] = u
	}
	return record(b, ic)
}

// record runs the interaction ic, its answer and what it posts recorded,
// and the work that waits for its answer done.
func record(b *Bot, ic *discordgo.InteractionCreate) *recorder {
	rec := &recorder{}
	b.post = rec
	r := b.newRequest(context.Background(), ic)
	r.out = rec
	if err := r.dispatch(); err != nil {
		_ = r.fail(err)
	}
	for _, f := range r.afterwards {
		f()
	}
	return rec
}

// click runs user's click of the button customID on message msg, in
// guild 100's channel 200, and returns what it answered and posted.
func click(b *Bot, user *discordgo.User, msg, customID string) *recorder {
	return record(b, &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
		ID: "12", Type: discordgo.InteractionMessageComponent, GuildID: "100", ChannelID: "200",
		Member:  &discordgo.Member{User: user},
		Message: &discordgo.Message{ID: msg, ChannelID: "200"},
		Data:    discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent},
	}})
}

// TestStaleControls: a control drawn for an earlier turn of the game (a
// confirmation asked for before a move) is refused with "the board has
// changed", and nothing is done. So is a control of a zugbot from before
// controls carried the turn (they carried the ply), even at the game's
// ply now: on a copy of the board nothing more happens, and the game's
// board it is on is redrawn with today's controls.
func TestStaleControls(t *testing.T) {
	b, st := recordingBot(t)
	ctx := context.Background()
	alice := &discordgo.User{ID: "1", Username: "alice"}
	bob := &discordgo.User{ID: "2", Username: "bob"}
	seat := func(u *discordgo.User) store.Seat {
		return store.Seat{Player: store.Player{ID: u.ID, Name: u.Username}}
	}
	g, err := st.CreateGame(ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{seat(alice), seat(bob)}, GuildID: "100", ChannelID: "200", DaysPerMove: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetPost(ctx, store.PostedGame, g.ID, "", "900"); err != nil { // its board
		t.Fatal(err)
	}
	confirm := gameAction(g.ID, g.TurnVersion, verbResignYes).String() // asked for at the start
	if _, err := b.table.Play(ctx, g.ID, alice.ID, 0, "a1xb1"); err != nil {
		t.Fatal(err)
	}
	stale := fmt.Sprintf("The board of game #%d has changed since you looked at it; nothing was played. Have a look at the new board.", g.ID)
	for _, tt := range []struct {
		name, msg, id string
		redrawn       bool
	}{
		{"a confirmation of an earlier turn", "901", confirm, false},
		{"an old control on a copy", "902", fmt.Sprintf("g/%d/1/resign", g.ID), false},
		{"an old control on the board", "900", fmt.Sprintf("g/%d/1/resign", g.ID), true},
	} {
		rec := click(b, bob, tt.msg, tt.id)
		if got := rec.private(t); got != stale {
			t.Errorf("%s: answered %q; want %q", tt.name, got, stale)
		}
		now, err := st.Game(ctx, g.ID)
		if err != nil || now.Over() || now.Ply != 1 {
			t.Fatalf("%s: the game over %v at ply %d (%v); want it going at ply 1", tt.name, now.Over(), now.Ply, err)
		}
		if !tt.redrawn {
			if len(rec.channelEdits)+len(rec.sent) > 0 {
				t.Errorf("%s: posted %d and edited %d messages; want nothing", tt.name, len(rec.sent), len(rec.channelEdits))
			}
			continue
		}
		if len(rec.channelEdits) != 1 || rec.channelEdits[0].ID != "900" {
			t.Fatalf("%s: edits %+v; want the board, 900, redrawn", tt.name, rec.channelEdits)
		}
		want := fmt.Sprintf("g/%d/v%d/", g.ID, now.TurnVersion)
		n := 0
		for _, row := range *rec.channelEdits[0].Components {
			for _, c := range row.(discordgo.ActionsRow).Components {
				var id string
				switch c := c.(type) {
				case discordgo.Button:
					id = c.CustomID
				case discordgo.SelectMenu:
					id = c.CustomID
				}
				if n++; !strings.HasPrefix(id, want) {
					t.Errorf("%s: the redrawn board has the control %q; want one of the turn's, %s…", tt.name, id, want)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: the redrawn board has no controls", tt.name)
		}
	}
}

// TestLiveClockRefused: a clock that is not one is refused, privately,
// with how to write one.
func TestLiveClockRefused(t *testing.T) {
	b, _ := recordingBot(t)
	opt := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
	}
	got := slash(t, b, &discordgo.User{ID: "1", Username: "alice"}, "play", opt("game", "zola"), opt("clock", "fast")).private(t)
	if want := `"fast" is not a time control: write minutes+seconds, such as 5+3`; !strings.Contains(got, want) {
		t.Errorf("/play with clock fast answered %q; want %q", got, want)
	}
}

// TestRules checks /rules for every game: one public embed with the
// summary and the designer's credit, and the start position, a PNG.
func TestRules(t *testing.T) {
	b, _ := recordingBot(t)
	bob := &discordgo.User{ID: "2", Username: "bob"}
	for _, v := range games.Listed() {
		rec := slash(t, b, bob, "rules", &discordgo.ApplicationCommandInteractionDataOption{Name: "game", Type: discordgo.ApplicationCommandOptionString, Value: v.ID})
		if len(rec.responses) != 1 {
			t.Fatalf("/rules %s answered %d times; want once", v.ID, len(rec.responses))
		}
		resp := rec.responses[0]
		if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 || len(resp.Data.Embeds) != 1 {
			t.Fatalf("/rules %s: type %d flags %d; want one public embed", v.ID, resp.Type, resp.Data.Flags)
		}
		e := resp.Data.Embeds[0]
		if !strings.Contains(e.Title, v.Name) || !strings.Contains(e.Description, v.Summary) || e.Footer == nil || e.Footer.Text != v.Credit {
			t.Errorf("/rules %s: %q / %q / %+v; want the name, summary and credit", v.ID, e.Title, e.Description, e.Footer)
		}
		if len(resp.Data.Files) != 1 {
			t.Fatalf("/rules %s sent %d files; want the start position", v.ID, len(resp.Data.Files))
		}
		if img, err := png.Decode(resp.Data.Files[0].Reader); err != nil || img.Bounds().Dx() < 300 {
			t.Errorf("/rules %s image: %v", v.ID, err)
		}
	}
}

// TestLiveChallenge: a live challenge between people says its clock, and
// the game it becomes runs on it, rated apart from correspondence games;
// a clock and days per move together are refused.
func TestLiveChallenge(t *testing.T) {
	b, st := recordingBot(t)
	alice := &discordgo.User{ID: "1", Username: "alice"}
	bob := &discordgo.User{ID: "2", Username: "bob"}
	opt := func(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
		kind := discordgo.ApplicationCommandOptionString
		switch u := v.(type) {
		case float64:
			kind = discordgo.ApplicationCommandOptionInteger
		case *discordgo.User:
			kind, v = discordgo.ApplicationCommandOptionUser, u.ID
		}
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: kind, Value: v}
	}
	rec := slashWith(t, b, alice, "challenge", []*discordgo.User{bob}, opt("game", "zola"), opt("opponent", bob), opt("clock", "5+3"))
	if len(rec.responses) != 1 || !strings.Contains(rec.responses[0].Data.Content, "live, 5+3") {
		t.Fatalf("the challenge answered %+v; want its clock", rec.responses)
	}
	ctx := context.Background()
	cs, err := st.OpenChallenges(ctx, bob.ID)
	if err != nil || len(cs) != 1 {
		t.Fatalf("bob's challenges: %v, %v", cs, err)
	}
	click(b, bob, "1", challengeAction(cs[0].ID, verbAccept).String())
	gs, err := st.Games(ctx, store.GameQuery{Player: alice.ID, Status: store.Active})
	if err != nil || len(gs) != 1 {
		t.Fatalf("alice's games: %v, %v; want the challenge's", gs, err)
	}
	if g := gs[0]; g.Clock != (store.Clock{Base: 5 * time.Minute, Increment: 3 * time.Second}) || !g.Rated || g.DaysPerMove != 0 {
		t.Errorf("the game's clock %v, rated %v, days %d; want a rated live 5+3 game", g.Clock, g.Rated, g.DaysPerMove)
	}
	got := slash(t, b, alice, "challenge", opt("game", "zola"), opt("clock", "5+3"), opt("days", float64(3))).private(t)
	if !strings.Contains(got, "not both") {
		t.Errorf("a challenge with a clock and days answered %q; want it refused", got)
	}
}
