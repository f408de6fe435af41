package discordtest_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// wait bounds every wait in these tests.
const wait = 10 * time.Second

// harness is a fake Discord with one guild, one channel, one user and an
// open discordgo session standing for the bot; the test itself answers the
// interactions the session receives.
type harness struct {
	srv     *discordtest.Server
	ds      *discordgo.Session
	got     chan *discordgo.Interaction
	guild   string
	channel string
	alice   *discordgo.User
}

// testCommands is a command set using the features the bot needs.
func testCommands() []*discordgo.ApplicationCommand {
	minLimit := 1.0
	return []*discordgo.ApplicationCommand{
		{
			Name: "play", Description: "Start a game",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true,
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Zola", Value: "zola"}, {Name: "Zamma", Value: "zamma"}}},
				{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who to play"},
			},
		},
		{
			Name: "move", Description: "Play a move",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "notation", Description: "The move", Required: true, Autocomplete: true},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "ply", Description: "Ply number", Autocomplete: true},
			},
		},
		{
			Name: "ratings", Description: "Elo ratings",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "top", Description: "Best players",
					Options: []*discordgo.ApplicationCommandOption{
						{Type: discordgo.ApplicationCommandOptionInteger, Name: "limit", Description: "How many", MinValue: &minLimit, MaxValue: 25},
					}},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "me", Description: "My rating"},
			},
		},
	}
}

func start(t *testing.T, cfg discordtest.Config) *harness {
	t.Helper()
	srv := discordtest.NewWithConfig(t, cfg)
	h := &harness{srv: srv, got: make(chan *discordgo.Interaction, 64)}
	h.guild = srv.NewGuild("Zug Club")
	h.channel = srv.NewChannel(h.guild, "games")
	h.alice = srv.NewUser("alice")
	h.ds = srv.Session()
	h.ds.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { h.got <- ic.Interaction })
	if err := h.ds.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	if _, err := h.ds.ApplicationCommandBulkOverwrite(srv.AppID(), h.guild, testCommands()); err != nil {
		t.Fatalf("ApplicationCommandBulkOverwrite: %v", err)
	}
	return h
}

// next returns the next interaction the bot's session received.
func (h *harness) next(t *testing.T) *discordgo.Interaction {
	t.Helper()
	select {
	case i := <-h.got:
		return i
	case <-time.After(wait):
		t.Fatalf("the session received no interaction within %v", wait)
		return nil
	}
}

// none checks that the session receives no further interaction for a while.
func (h *harness) none(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case i := <-h.got:
		t.Fatalf("unexpected interaction %s delivered", i.ID)
	case <-time.After(d):
	}
}

// slash dispatches /play game:zola and returns it as the bot received it.
func (h *harness) slash(t *testing.T) (*discordtest.Interaction, *discordgo.Interaction) {
	t.Helper()
	ix := h.srv.SlashCommand(t, h.alice, h.channel, "play", discordtest.Opt("game", "zola"))
	return ix, h.next(t)
}

// restCode returns the Discord error code of a discordgo REST error.
func restCode(t *testing.T, err error) int {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("got error %v, want a *discordgo.RESTError", err)
	}
	if re.Message == nil {
		return 0
	}
	return re.Message.Code
}

// pngFile returns a w×h PNG of one colour as a discordgo file.
func pngFile(t *testing.T, name string, w, h int, c color.Color) *discordgo.File {
	t.Helper()
	return rawFile(name, "image/png", pngBytes(t, w, h, c))
}

// pngBytes encodes a w×h PNG of one colour.
func pngBytes(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rawFile returns data as a discordgo file named name, of content type
// contentType ("": discordgo sends application/octet-stream).
func rawFile(name, contentType string, data []byte) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: contentType, Reader: bytes.NewReader(data)}
}

// takeCodes takes the recorded violations and returns their codes.
func takeCodes(srv *discordtest.Server) []int {
	var codes []int
	for _, v := range srv.TakeViolations() {
		codes = append(codes, v.Code)
	}
	return codes
}
