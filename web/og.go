package web

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/zugbot/zugbot/render"
	"github.com/zugbot/zugbot/store"
)

// A link to a game's, a player's or a leaderboard's page pasted in Discord
// unfurls: its page carries Open Graph tags (a title, a description and an
// image the renderer draws), written into the page's HTML by the server,
// as Discord's crawler runs no script. The tags say only what the crawler,
// a reader with no cookies, may see: a page it may not see is refused it
// whole (plainRefusal), tags included.

// ogMeta is a page's Open Graph metadata. Image is a path on this server.
type ogMeta struct {
	Title, Description, Image string
}

// htmlMeta serves the embedded HTML page name with m's tags in its head.
func (s *Server) htmlMeta(w http.ResponseWriter, r *http.Request, name string, m ogMeta) {
	b, err := staticFiles.ReadFile(name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var tags strings.Builder
	tag := func(attr, key, value string) {
		fmt.Fprintf(&tags, "<meta %s=\"%s\" content=\"%s\">\n", attr, key, html.EscapeString(value))
	}
	tag("property", "og:site_name", "zugbot")
	tag("property", "og:type", "website")
	tag("property", "og:title", m.Title)
	tag("property", "og:description", m.Description)
	tag("property", "og:url", s.cfg.PublicURL+r.URL.Path)
	if m.Image != "" {
		tag("property", "og:image", s.cfg.PublicURL+m.Image)
		tag("name", "twitter:card", "summary_large_image")
	}
	tag("name", "description", m.Description)
	fmt.Fprintf(&tags, "<title>%s</title>\n", html.EscapeString(m.Title))
	// The page's own title gives way to the one written here.
	if i, j := bytes.Index(b, []byte("<title>")), bytes.Index(b, []byte("</title>")); i >= 0 && j > i {
		b = append(b[:i:i], b[j+len("</title>"):]...)
	}
	b = bytes.Replace(b, []byte("</head>"), []byte(tags.String()+"</head>"), 1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
}

// gameMeta is the metadata of game st's page.
func gameMeta(st *store.State) ogMeta {
	g := &st.Game
	v := st.Position.Variant()
	names := playerNames(g)
	m := ogMeta{Title: fmt.Sprintf("%s: %s vs %s", v.Name, names[0], names[1]), Image: "/games/" + g.PublicID + "/boards/last"}
	switch {
	case g.Over():
		m.Description = resultLine(v, g) + fmt.Sprintf(" %d moves: replay them, with the record to download.", (g.Ply+1)/2)
	default:
		m.Description = fmt.Sprintf("Live on zugbot: %s to move, move %d.", v.Sides[st.Position.Turn()], g.Ply/2+1)
	}
	return m
}

// homeMeta is the home page's metadata.
var homeMeta = ogMeta{Title: "zugbot: play Zola, Zamma, Zonal Chess and Zodiac",
	Description: "Four board games in the browser, against zugbot or a friend: no sign-up, no Discord needed.", Image: "/pictures/zola.png"}

// standingsPNG serves GET /leaderboard/table.png and
// /leaderboards/{id}/table.png, ?rating=KEY: the leaderboard's top ten,
// drawn by the renderer, for its link's preview.
func (s *Server) standingsPNG(w http.ResponseWriter, r *http.Request) {
	guild, scope, key, ok := s.leaderboardOf(w, r)
	if !ok {
		return
	}
	rows, err := s.tab.Leaderboard(r.Context(), guild, key, 10)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st := render.Standings{Title: ratingName(key) + " leaderboard", Subtitle: fmt.Sprintf("%s · at least %d rated games", scope, s.tab.MinRatedGames()),
		Heads: [4]string{"Score", "Rating", "Games", "Peak"}}
	for _, row := range rows {
		st.Rows = append(st.Rows, render.StandingRow{Rank: row.Rank, Player: row.Player.Name, Points: float64(row.Wins) + float64(row.Draws)/2,
			TieBreak: float64(row.Rating.Rating), Games: row.Games, Performance: row.Peak})
	}
	var buf bytes.Buffer
	if err := s.pics.r.StandingsPNG(&buf, st); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=300") // it changes with every rated game
	_, _ = io.Copy(w, &buf)
}

// leaderboardMeta is the metadata of a leaderboard's page at path.
func leaderboardMeta(r *http.Request, scope string) ogMeta {
	key := r.URL.Query().Get("rating")
	if !knownKey(key) {
		key = leaderboardKeys()[0].Key
	}
	return ogMeta{Title: fmt.Sprintf("%s leaderboard, %s", ratingName(key), scope), Description: "zugbot's best rated players of " + ratingName(key) + ".",
		Image: r.URL.Path + "/table.png?rating=" + url.QueryEscape(key)}
}
