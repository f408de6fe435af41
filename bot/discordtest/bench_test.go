package discordtest_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/zugbot/zugbot/bot/discordtest"
)

// BenchmarkInteractionRoundTrip measures one slash command through the
// fake and a real discordgo session: dispatch on the gateway, a type 4
// response with a board PNG and buttons (multipart), validation and storage.
func BenchmarkInteractionRoundTrip(b *testing.B) {
	srv := discordtest.New(b)
	guild := srv.NewGuild("g")
	channel := srv.NewChannel(guild, "c")
	alice := srv.NewUser("alice")
	img := image.NewRGBA(image.Rect(0, 0, 320, 320))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var board bytes.Buffer
	png.Encode(&board, img)
	ds := srv.Session()
	ds.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content:    "your move",
				Embeds:     []*discordgo.MessageEmbed{{Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}, Color: 0x00ff00}},
				Components: boardComponents("g"),
				Files:      []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board.Bytes())}},
			},
		})
		if err != nil {
			b.Error(err)
		}
	})
	if err := ds.Open(); err != nil {
		b.Fatal(err)
	}
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.AppID(), guild, testCommands()); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		ix := srv.SlashCommand(b, alice, channel, "play", discordtest.Opt("game", "zola"))
		ix.WaitResponse(b, wait)
	}
}
