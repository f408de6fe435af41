package discordtest_test

import (
	"fmt"
	"log"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot/discordtest"
)

// A bot is a real discordgo session talking to the fake: here one that
// answers /ping with a button, and the click on it by editing its message.
// A test drives it as Discord's client would and checks what Discord would
// show.
func Example() {
	t := &exampleT{}
	defer t.finish()

	srv := discordtest.New(t)
	guild := srv.NewGuild("Zug Club")
	channel := srv.NewChannel(guild, "games")
	alice := srv.NewUser("alice")

	// The bot under test, connected to the fake instead of discord.com.
	ds := srv.Session()
	ds.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		resp := &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "pong",
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "Again", Style: discordgo.PrimaryButton, CustomID: "ping/again"},
				}}},
			},
		}
		if ic.Type == discordgo.InteractionMessageComponent {
			resp = &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "pong, again"},
			}
		}
		if err := s.InteractionRespond(ic.Interaction, resp); err != nil {
			log.Printf("respond: %v", err)
		}
	})
	if err := ds.Open(); err != nil {
		log.Fatalf("open the gateway: %v", err)
	}
	ping := []*discordgo.ApplicationCommand{{Name: "ping", Description: "Is the bot there?"}}
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), guild, ping); err != nil {
		log.Fatalf("register the commands: %v", err)
	}

	// Alice uses /ping, then clicks the button on the answer.
	ix := srv.SlashCommand(t, alice, channel, "ping")
	resp := ix.WaitResponse(t, 10*time.Second)
	msg := ix.WaitOriginal(t, 10*time.Second, nil)
	fmt.Println(resp.Type, msg.Content, msg.Buttons()[0].Label)

	click := srv.Click(t, alice, msg, "ping/again")
	click.WaitResponse(t, 10*time.Second)
	fmt.Println(srv.Message(channel, msg.ID).Content)
	// Output:
	// 4 pong Again
	// pong, again
}

// exampleT stands in for the *testing.T that a test passes to the fake: an
// example has none. It stops the example on a fatal error, prints other
// errors (so that the output no longer matches) and runs the fake's
// cleanups, such as its check for violations of Discord's rules, in finish.
type exampleT struct {
	testing.TB // nil: the fake calls only the methods below

	mu       sync.Mutex
	cleanups []func()
}

func (t *exampleT) Helper() {}

func (t *exampleT) Cleanup(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cleanups = append(t.cleanups, f)
}

func (t *exampleT) Logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

func (t *exampleT) Errorf(format string, args ...any) {
	fmt.Printf("error: "+format+"\n", args...)
}

func (t *exampleT) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf(format, args...))
}

// finish runs the cleanups, last registered first, as testing does.
func (t *exampleT) finish() {
	t.mu.Lock()
	cleanups := t.cleanups
	t.mu.Unlock()
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
}
