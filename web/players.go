package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/zugbot/zugbot/games"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// A player's page (/players/{id}) and the leaderboards (/leaderboard for
// everyone's, /leaderboards/{id} for a server's) are addressed by a page
// id drawn for them (store.PlayerPage, store.ServerPage): nobody reaches
// one by knowing a Discord id or by counting. Who holds a player's link
// sees their games as whoever holds those games' links would (never a
// direct message's, unless they play it); who holds a server's link reads
// its leaderboards, as its members do on Discord.

// PlayerURL returns the address of the page of player (their id), drawing
// its public id the first time.
func (s *Server) PlayerURL(ctx context.Context, player string) (string, error) {
	pid, err := s.tab.PageID(ctx, store.PlayerPage, player)
	if err != nil {
		return "", err
	}
	return s.cfg.PublicURL + "/players/" + pid, nil
}

// ratingLine is one of a player's ratings, or a line of a leaderboard.
type ratingLine struct {
	Rank    int    `json:"rank,omitempty"`
	Name    string `json:"name"` // the variant's (a player's page) or the player's (a leaderboard)
	Key     string `json:"key,omitempty"`
	Rating  string `json:"rating"` // "1500", "1500?" when provisional
	Peak    int    `json:"peak"`
	Games   int    `json:"games"`
	Wins    int    `json:"wins"`
	Draws   int    `json:"draws"`
	Losses  int    `json:"losses"`
	History []int  `json:"history,omitempty"` // the rating after each rated game, oldest first
}

// ratingName returns the name of a rating's key: "Zola 6×6 (live)".
func ratingName(key string) string {
	id, live := strings.CutSuffix(key, store.LiveRatings)
	name := variantName(id)
	if live {
		name += " (live)"
	}
	return name
}

func lineOf(r *store.Rating, name string) ratingLine {
	return ratingLine{Name: name, Key: r.Variant, Rating: r.String(), Peak: r.Peak, Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}
}

// playerJSON is the JSON of GET /api/players/{id}.
type playerJSON struct {
	Name    string        `json:"name"`
	Ratings []ratingLine  `json:"ratings"`
	Record  store.Record  `json:"record"`
	Playing []gameSummary `json:"playing"`
	Recent  []gameSummary `json:"recent"`
}

// playerPage serves GET /players/{id}.
func (s *Server) playerPage(w http.ResponseWriter, r *http.Request) {
	pg, err := s.tab.PlayerByLink(r.Context(), table.Viewer{}, r.PathValue("id"))
	if err != nil {
		s.plainRefusal(w, r, err)
		return
	}
	pr := &pg.Profile
	m := ogMeta{Title: pr.Player.Name + " on zugbot", Image: "/pictures/zola.png"}
	var parts []string
	for i := range pr.Ratings {
		parts = append(parts, ratingName(pr.Ratings[i].Variant)+" "+pr.Ratings[i].String())
	}
	parts = append(parts, fmt.Sprintf("%d wins, %d draws, %d losses", pr.Record.Wins, pr.Record.Draws, pr.Record.Losses))
	m.Description = strings.Join(parts, " · ")
	if len(pr.Recent) > 0 {
		m.Image = "/games/" + pr.Recent[0].PublicID + "/boards/last"
	}
	s.htmlMeta(w, r, "static/player.html", m)
}

// playerAPI serves GET /api/players/{id}: the player's ratings with their
// history, their record, and the games of theirs the reader may see.
func (s *Server) playerAPI(w http.ResponseWriter, r *http.Request) {
	v := table.Viewer{}
	if p, ok := personOf(r); ok {
		v.User, v.Private = p.player.ID, true
	}
	pg, err := s.tab.PlayerByLink(r.Context(), v, r.PathValue("id"))
	if !s.found(w, r, err) {
		return
	}
	out := playerJSON{Name: pg.Profile.Player.Name, Record: pg.Profile.Record, Ratings: []ratingLine{}, Playing: []gameSummary{}, Recent: []gameSummary{}}
	for i := range pg.Profile.Ratings {
		rt := &pg.Profile.Ratings[i]
		line := lineOf(rt, ratingName(rt.Variant))
		for _, h := range pg.History {
			if h.Variant == rt.Variant {
				line.History = append(line.History, h.Rating)
			}
		}
		out.Ratings = append(out.Ratings, line)
	}
	for i := range pg.Playing {
		out.Playing = append(out.Playing, summaryOf(&pg.Playing[i], "/games/"+pg.Playing[i].PublicID))
	}
	for i := range pg.Profile.Recent {
		out.Recent = append(out.Recent, summaryOf(&pg.Profile.Recent[i], "/games/"+pg.Profile.Recent[i].PublicID))
	}
	writeJSON(w, http.StatusOK, out)
}

// LeaderboardURL returns the address of the leaderboards of guild (its
// id), or everyone's when guild is empty.
func (s *Server) LeaderboardURL(ctx context.Context, guild string) (string, error) {
	if guild == "" {
		return s.cfg.PublicURL + "/leaderboard", nil
	}
	pid, err := s.tab.PageID(ctx, store.ServerPage, guild)
	if err != nil {
		return "", err
	}
	return s.cfg.PublicURL + "/leaderboards/" + pid, nil
}

// leaderboardJSON is the JSON of GET /api/leaderboard(s/{id}).
type leaderboardJSON struct {
	Scope    string       `json:"scope"` // "everyone" or "this server"
	Key      string       `json:"key"`   // the rating shown
	Name     string       `json:"name"`
	Keys     []ratingLine `json:"keys"` // the ratings to choose from (Name, Key)
	MinGames int          `json:"min_games"`
	Rows     []ratingLine `json:"rows"`
}

// leaderboardPage serves GET /leaderboard and /leaderboards/{id}.
func (s *Server) leaderboardPage(w http.ResponseWriter, r *http.Request) {
	scope := "everyone"
	if id := r.PathValue("id"); id != "" {
		if _, err := s.tab.ServerByLink(r.Context(), id); err != nil {
			s.plainRefusal(w, r, err)
			return
		}
		scope = "this server"
	}
	s.htmlMeta(w, r, "static/leaderboard.html", leaderboardMeta(r, scope))
}

// leaderboardAPI serves GET /api/leaderboard and /api/leaderboards/{id},
// ?rating=KEY (a variant's id, with "/live" for live games): the same
// rows as Discord's /leaderboard.
func (s *Server) leaderboardAPI(w http.ResponseWriter, r *http.Request) {
	guild, scope, key, ok := s.leaderboardOf(w, r)
	if !ok {
		return
	}
	out := leaderboardJSON{Scope: scope, Key: key, MinGames: s.tab.MinRatedGames(), Rows: []ratingLine{}, Keys: leaderboardKeys()}
	out.Name = ratingName(out.Key)
	rows, err := s.tab.Leaderboard(r.Context(), guild, out.Key, 50)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for i := range rows {
		line := lineOf(&rows[i].Rating, rows[i].Player.Name)
		line.Rank, line.Key = rows[i].Rank, ""
		out.Rows = append(out.Rows, line)
	}
	writeJSON(w, http.StatusOK, out)
}

// leaderboardKeys are the ratings a leaderboard shows, one at a time:
// each game the bot offers, by correspondence and live.
func leaderboardKeys() []ratingLine {
	var out []ratingLine
	for _, v := range games.Listed() {
		out = append(out, ratingLine{Name: v.Name, Key: v.ID}, ratingLine{Name: v.Name + " (live)", Key: v.ID + store.LiveRatings})
	}
	return out
}

// knownKey reports whether key is one of leaderboardKeys.
func knownKey(key string) bool {
	for _, k := range leaderboardKeys() {
		if k.Key == key {
			return true
		}
	}
	return false
}

// leaderboardOf reads which leaderboard r asks for: the server of its
// {id} ("" for everyone's), with the scope's words, and the rating of its
// ?rating= (the first game's when none). It answers a bad request itself.
func (s *Server) leaderboardOf(w http.ResponseWriter, r *http.Request) (guild, scope, key string, ok bool) {
	scope = "everyone"
	if id := r.PathValue("id"); id != "" {
		var err error
		if guild, err = s.tab.ServerByLink(r.Context(), id); !s.found(w, r, err) {
			return "", "", "", false
		}
		scope = "this server"
	}
	if key = r.URL.Query().Get("rating"); key == "" {
		key = leaderboardKeys()[0].Key
	}
	if !knownKey(key) {
		refuse(w, http.StatusNotFound, "There is no such rating: choose one of the games.")
		return "", "", "", false
	}
	return guild, scope, key, true
}
