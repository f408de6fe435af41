package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/store"
)

// maxChoices is Discord's limit on autocomplete choices.
const maxChoices = 25

// autocomplete suggests games and moves while the user types.
func (r *request) autocomplete() error {
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, o := range r.options() {
		if o.Focused {
			focused = o
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	var err error
	if focused != nil {
		typed, _ := focused.Value.(string)
		switch focused.Name {
		case "game":
			choices, err = r.gameChoices(typed)
		case "move":
			choices, err = r.moveChoices(typed)
		}
	}
	if err != nil {
		return err
	}
	return r.suggest(choices)
}

// suggest answers an autocomplete interaction. discordgo drops an empty
// choices list (omitempty), which Discord refuses, so "no suggestions" is
// sent as it must be: an explicit empty list.
func (r *request) suggest(choices []*discordgo.ApplicationCommandOptionChoice) error {
	if len(choices) > 0 {
		return r.respond(discordgo.InteractionApplicationCommandAutocompleteResult, &discordgo.InteractionResponseData{Choices: choices})
	}
	url := discordgo.EndpointInteractionResponse(r.i.ID, r.i.Token)
	body := map[string]any{"type": discordgo.InteractionApplicationCommandAutocompleteResult, "data": map[string]any{"choices": []any{}}}
	if _, err := r.b.session.RequestWithBucketID("POST", url, body, discordgo.EndpointInteractionResponse(r.i.ID, ""), discordgo.WithContext(r.ctx)); err != nil {
		return fmt.Errorf("respond (no suggestions): %w", err)
	}
	r.responded = true
	return nil
}

// gameChoices lists the user's active games whose number starts with typed.
func (r *request) gameChoices(typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	games, err := r.b.store.Games(r.ctx, store.GameQuery{Player: r.user.ID, Status: store.Active, Limit: 100})
	if err != nil {
		return nil, err
	}
	typed = strings.TrimPrefix(strings.TrimSpace(typed), "#")
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, g := range games {
		if !strings.HasPrefix(strconv.FormatInt(g.ID, 10), typed) {
			continue
		}
		side, _ := g.SideOf(r.user.ID)
		name := fmt.Sprintf("#%d %s vs %s", g.ID, r.b.variants[g.Variant].Name, seatName(g.Seats[side.Other()]))
		if len(name) > 100 {
			name = name[:100]
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: g.ID})
		if len(out) == maxChoices {
			break
		}
	}
	return out, nil
}

// moveChoices lists the legal moves matching typed in the game the command
// means: whole-prefix matches first, captures before quiet moves.
func (r *request) moveChoices(typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	id, _ := r.intOpt("game")
	if id <= 0 {
		games, err := r.b.store.Games(r.ctx, store.GameQuery{Player: r.user.ID, ChannelID: r.i.ChannelID, Status: store.Active})
		if err != nil || len(games) != 1 {
			return nil, err
		}
		id = games[0].ID
	}
	st, err := r.b.store.Load(r.ctx, id)
	if err != nil {
		return nil, nil // a bad game number: the command itself will say so
	}
	side, ok := st.Game.SideOf(r.user.ID)
	if !ok || st.Game.Over() || st.Position.Turn() != side {
		return nil, nil
	}
	want := squash(typed)
	type cand struct {
		s     string
		rank  int // 0 prefix match, 1 contains
		quiet bool
	}
	var cands []cand
	p := st.Position
	for _, m := range p.Moves(nil) {
		s := p.FormatMove(m)
		k := strings.Index(squash(s), want)
		if k < 0 || len(s) > 100 {
			continue
		}
		rank := 1
		if k == 0 {
			rank = 0
		}
		cands = append(cands, cand{s, rank, len(p.Describe(m).Taken) == 0})
		if len(cands) > 2000 {
			break
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		if a.quiet != b.quiet {
			if a.quiet {
				return 1
			}
			return -1
		}
		return 0
	})
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, c := range cands[:min(len(cands), maxChoices)] {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.s, Value: c.s})
	}
	return out, nil
}

// squash lower-cases s and drops white space, for matching typed moves.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' {
			return -1
		}
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}
