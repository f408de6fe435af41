package main

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/zugbot/zugbot/bot"
	"github.com/zugbot/zugbot/store"
	"github.com/zugbot/zugbot/web"
)

// activityConfig returns the live board's Activity settings for cfg (nil
// without ZUGBOT_CLIENT_SECRET): the application's ID, asked of Discord
// with the bot's session s, its client secret and its bot token, and st
// for the channels' games.
func activityConfig(ctx context.Context, s *discordgo.Session, st *store.Store, cfg config) (*web.ActivityConfig, error) {
	if cfg.ClientSecret == "" {
		return nil, nil
	}
	app, err := bot.ApplicationID(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("the application's ID, for the Activity: %w", err)
	}
	return &web.ActivityConfig{AppID: app, ClientSecret: cfg.ClientSecret, BotToken: cfg.Token, APIURL: cfg.APIURL, Games: st}, nil
}
