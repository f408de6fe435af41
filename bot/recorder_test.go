package bot

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// recorder is a responder that records what a handler answers, for the
// tests of handlers that need no more of Discord than their answer.
type recorder struct {
	mu        sync.Mutex
	responses []*discordgo.InteractionResponse
	edits     []*discordgo.WebhookEdit
	followups []*discordgo.WebhookParams
	deleted   bool
}

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
	rec := &recorder{}
	r := b.newRequest(context.Background(), ic)
	r.out = rec
	if err := r.dispatch(); err != nil {
		_ = r.fail(err)
	}
	return rec
}
