package table_test

import (
	"strings"
	"testing"
	"time"

	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/table"
)

// TestVisibility checks who may see a game, for each place a game is
// played in and each kind of asker, through the table's View and
// GameByLink on games in a real store.
func TestVisibility(t *testing.T) {
	f := newFixture(t)
	newGame := func(guild, channel string) store.Game {
		t.Helper()
		u, err := f.tab.Start(f.ctx, store.NewGame{Variant: "zola", Seats: [2]store.Seat{{Player: alice}, {Player: bob}},
			DaysPerMove: 1, GuildID: guild, ChannelID: channel})
		if err != nil {
			t.Fatal(err)
		}
		return u.State.Game
	}
	server := newGame("g1", "c1")
	dm := newGame("", "dm1")
	off := newGame("", "")
	const (
		yes    = ""
		hidden = "hidden"
	)
	for _, c := range []struct {
		name string
		g    store.Game
		v    table.Viewer
		want string
	}{
		{"server game, a member in its server", server, table.Viewer{User: carol.ID, Guild: "g1"}, yes},
		{"server game, its player in its server", server, table.Viewer{User: alice.ID, Guild: "g1"}, yes},
		{"server game, asked in another server", server, table.Viewer{User: carol.ID, Guild: "g2"}, hidden},
		{"server game, its own player in another server", server, table.Viewer{User: alice.ID, Guild: "g2"}, hidden},
		{"server game, its player in a DM", server, table.Viewer{User: alice.ID}, yes},
		{"server game, someone else in a DM", server, table.Viewer{User: carol.ID}, hidden},
		{"server game, a watch link", server, table.Viewer{Link: true}, yes},
		{"server game, no link, anonymous", server, table.Viewer{}, hidden},
		{"DM game, its player", dm, table.Viewer{User: bob.ID}, yes},
		{"DM game, someone else in a DM", dm, table.Viewer{User: carol.ID}, hidden},
		{"DM game, its watch link", dm, table.Viewer{Link: true}, hidden},
		{"DM game, someone else with its link", dm, table.Viewer{User: carol.ID, Link: true}, hidden},
		{"DM game, asked in a server", dm, table.Viewer{User: alice.ID, Guild: "g1"}, hidden},
		{"web game, its player", off, table.Viewer{User: alice.ID}, yes},
		{"web game, a watch link", off, table.Viewer{Link: true}, yes},
		{"web game, no link", off, table.Viewer{User: carol.ID}, hidden},
		{"web game, asked in a server", off, table.Viewer{User: carol.ID, Guild: "g1"}, hidden},
		{"web game, its player in a server", off, table.Viewer{User: alice.ID, Guild: "g1"}, hidden},
		// Answers only the asker reads (ephemeral): a member sees their
		// server's games, a player theirs, nobody another's DM games.
		{"private: server game, a member", server, table.Viewer{User: carol.ID, Guild: "g1", Private: true}, yes},
		{"private: server game, its player elsewhere", server, table.Viewer{User: alice.ID, Guild: "g2", Private: true}, yes},
		{"private: server game, another server's member", server, table.Viewer{User: carol.ID, Guild: "g2", Private: true}, hidden},
		{"private: DM game, its player in a server", dm, table.Viewer{User: bob.ID, Guild: "g1", Private: true}, yes},
		{"private: DM game, someone else in a server", dm, table.Viewer{User: carol.ID, Guild: "g1", Private: true}, hidden},
		{"private: web game, its player in a server", off, table.Viewer{User: alice.ID, Guild: "g1", Private: true}, yes},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := f.tab.View(f.ctx, c.v, c.g.ID)
			if c.want == yes {
				if err != nil || st.Game.ID != c.g.ID {
					t.Fatalf("View = game %d, %v; want game %d", st.Game.ID, err, c.g.ID)
				}
				return
			}
			reason(t, err, table.Hidden)
			if st.Game.ID != 0 {
				t.Errorf("a refused View returned game %d", st.Game.ID)
			}
		})
	}

	all := []store.Game{server, dm, off}
	if got := table.Visible(table.Viewer{User: carol.ID, Guild: "g1", Private: true}, all); len(got) != 1 || got[0].ID != server.ID {
		t.Errorf("Visible to a member of g1: %d games, want game %d alone", len(got), server.ID)
	}
	if got := table.Visible(table.Viewer{User: alice.ID, Guild: "g2"}, all); len(got) != 0 {
		t.Errorf("Visible in a post in g2: %d games, want none", len(got))
	}

	// By link: the public id opens what a link may, a number or a forged
	// id nothing, with the same refusal as an unknown id.
	byLink := func(v table.Viewer, pid string) (store.State, error) {
		id, err := f.tab.GameID(f.ctx, pid)
		if err != nil {
			return store.State{}, err
		}
		v.Link = true
		return f.tab.View(f.ctx, v, id)
	}
	for _, g := range []store.Game{server, off} {
		if st, err := byLink(table.Viewer{}, g.PublicID); err != nil || st.Game.ID != g.ID {
			t.Errorf("game %d by its public id: %d, %v", g.ID, st.Game.ID, err)
		}
	}
	_, err := byLink(table.Viewer{}, dm.PublicID)
	reason(t, err, table.Hidden)
	if st, err := byLink(table.Viewer{User: alice.ID, Private: true}, dm.PublicID); err != nil || st.Game.ID != dm.ID {
		t.Errorf("a DM game's player by its public id: %d, %v", st.Game.ID, err)
	}
	forged := []byte(server.PublicID)
	forged[15] ^= 1 // another hex digit
	for _, pid := range []string{"1", "2", "3", "0000000000000001", string(forged), strings.ToUpper(server.PublicID)} {
		_, err := byLink(table.Viewer{}, pid)
		reason(t, err, table.NoSuchGame)
		if err.Error() != "There is no such game." {
			t.Errorf("game %q: %q, want the same refusal as any unknown id", pid, err)
		}
	}

	// A tournament: its server, and whoever holds its link.
	tr := f.newTournament(store.Swiss, 2, f.clock.Now().Add(24*time.Hour), alice, bob)
	id, err := f.tab.TournamentID(f.ctx, tr.PublicID)
	if err != nil || id != tr.ID {
		t.Fatalf("TournamentID = %d, %v; want %d", id, err, tr.ID)
	}
	if _, err := f.tab.ViewTournament(f.ctx, table.Viewer{Link: true}, id); err != nil {
		t.Errorf("a tournament by its link: %v", err)
	}
	_, err = f.tab.ViewTournament(f.ctx, table.Viewer{User: carol.ID, Guild: "g2"}, id)
	reason(t, err, table.Hidden)
	_, err = f.tab.TournamentID(f.ctx, server.PublicID)
	reason(t, err, table.NoSuchGame)
}
