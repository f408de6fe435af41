-- The servers the bot was removed from: their games, challenges and
-- tournaments wait, their timers held, until it is invited back.
CREATE TABLE away (
	guild_id TEXT PRIMARY KEY CHECK (guild_id <> ''),
	since    BIGINT NOT NULL
);
