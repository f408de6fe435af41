-- The daily puzzle (issue 48): a server's admin points it at a channel
-- (daily_channels; variant '' for the games in turn), a timer of kind
-- 'daily' per server comes due at each day's hour, and each day's post is
-- claimed once per server and day (daily_posts, its message id recorded
-- after the post) with the first finished try of each person who
-- answered it (daily_solves). day is the UTC date, 'YYYY-MM-DD'. Timers
-- gain the kind and the server they are for.
CREATE TABLE daily_channels (
	guild_id   TEXT PRIMARY KEY CHECK (guild_id <> ''),
	channel_id TEXT NOT NULL CHECK (channel_id <> ''),
	variant    TEXT NOT NULL,
	set_at     BIGINT NOT NULL
);
CREATE TABLE daily_posts (
	guild_id   TEXT NOT NULL,
	day        TEXT NOT NULL,
	puzzle_id  TEXT NOT NULL CHECK (puzzle_id <> ''),
	channel_id TEXT NOT NULL,
	message_id TEXT NOT NULL DEFAULT '',
	claimed_at BIGINT NOT NULL,
	PRIMARY KEY (guild_id, day)
);
CREATE TABLE daily_solves (
	guild_id  TEXT NOT NULL,
	day       TEXT NOT NULL,
	player_id TEXT NOT NULL REFERENCES players (id),
	solved    INTEGER NOT NULL,
	at        BIGINT NOT NULL,
	PRIMARY KEY (guild_id, day, player_id),
	FOREIGN KEY (guild_id, day) REFERENCES daily_posts (guild_id, day)
);
CREATE INDEX daily_solves_player ON daily_solves (player_id);
ALTER TABLE schedule DROP CONSTRAINT schedule_kind_check;
ALTER TABLE schedule ADD CONSTRAINT schedule_kind_check CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament', 'reply', 'analysis', 'daily'));
ALTER TABLE schedule ADD COLUMN daily_guild TEXT REFERENCES daily_channels (guild_id) ON DELETE CASCADE;
ALTER TABLE schedule DROP CONSTRAINT schedule_owner_check;
ALTER TABLE schedule ADD CONSTRAINT schedule_owner_check
	CHECK ((game_id IS NOT NULL)::int + (challenge_id IS NOT NULL)::int + (tournament_id IS NOT NULL)::int + (daily_guild IS NOT NULL)::int = 1);
CREATE UNIQUE INDEX schedule_daily ON schedule (daily_guild) WHERE daily_guild IS NOT NULL;
