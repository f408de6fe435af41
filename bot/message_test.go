package bot

import (
	"bytes"
	"io"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestMessageFilesResent: every form of a message, made any number of
// times, carries its files whole. A board whose edit Discord refuses is
// posted anew from the same message; discordgo reads a file's Reader to
// its end for each request it builds.
func TestMessageFilesResent(t *testing.T) {
	board := []byte("\x89PNG the board")
	replay := []byte("GIF89a the replay")
	m := message{content: "board", files: []file{pngFile("board.png", board), gifFile("replay.gif", replay)}}
	forms := []struct {
		name  string
		files func() []*discordgo.File
	}{
		{"response", func() []*discordgo.File { return m.data().Files }},
		{"update", func() []*discordgo.File { return m.updateData().Files }},
		{"response edit", func() []*discordgo.File { return m.edit().Files }},
		{"follow-up", func() []*discordgo.File { return m.params().Files }},
		{"channel message", func() []*discordgo.File { return m.send().Files }},
		{"channel edit", func() []*discordgo.File { return m.channelEdit("1", "2").Files }},
	}
	for try := 1; try <= 2; try++ {
		for _, form := range forms {
			files := form.files()
			if len(files) != 2 {
				t.Fatalf("try %d, %s: %d files, want 2", try, form.name, len(files))
			}
			for i, want := range []struct {
				name, contentType string
				data              []byte
			}{{"board.png", "image/png", board}, {"replay.gif", "image/gif", replay}} {
				f := files[i]
				data, err := io.ReadAll(f.Reader)
				if err != nil {
					t.Fatal(err)
				}
				if f.Name != want.name || f.ContentType != want.contentType || !bytes.Equal(data, want.data) {
					t.Errorf("try %d, %s: file %d is %s (%s) with %d bytes; want %s (%s) with %d",
						try, form.name, i, f.Name, f.ContentType, len(data), want.name, want.contentType, len(want.data))
				}
			}
		}
	}
	if got := (message{content: "text"}).send().Files; got != nil {
		t.Errorf("a message without files sends %d files", len(got))
	}
}
