-- The daily puzzle (issue 48): a server's admin points it at a channel
-- (daily_channels; variant '' for the games in turn), a timer of kind
-- 'daily' per server comes due at each day's hour, and each day's post is
-- claimed once per server and day (daily_posts, its message id recorded
-- after the post) with the first finished try of each person who
-- answered it (daily_solves). day is the UTC date, 'YYYY-MM-DD'. Timers
-- gain the kind and the server they are for; SQLite cannot change a CHECK
-- constraint in place, so the table is copied.
CREATE TABLE daily_channels (
	guild_id   TEXT PRIMARY KEY CHECK (guild_id <> ''),
	channel_id TEXT NOT NULL CHECK (channel_id <> ''),
	variant    TEXT NOT NULL,
	set_at     INTEGER NOT NULL
);
CREATE TABLE daily_posts (
	guild_id   TEXT NOT NULL,
	day        TEXT NOT NULL,
	puzzle_id  TEXT NOT NULL CHECK (puzzle_id <> ''),
	channel_id TEXT NOT NULL,
	message_id TEXT NOT NULL DEFAULT '',
	claimed_at INTEGER NOT NULL,
	PRIMARY KEY (guild_id, day)
);
CREATE TABLE daily_solves (
	guild_id  TEXT NOT NULL,
	day       TEXT NOT NULL,
	player_id TEXT NOT NULL REFERENCES players (id),
	solved    INTEGER NOT NULL,
	at        INTEGER NOT NULL,
	PRIMARY KEY (guild_id, day, player_id),
	FOREIGN KEY (guild_id, day) REFERENCES daily_posts (guild_id, day)
);
CREATE INDEX daily_solves_player ON daily_solves (player_id);
CREATE TABLE schedule_new (
	id            INTEGER PRIMARY KEY,
	kind          TEXT NOT NULL CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament', 'reply', 'analysis', 'daily')),
	game_id       INTEGER REFERENCES games (id) ON DELETE CASCADE,
	challenge_id  INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
	tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
	daily_guild   TEXT REFERENCES daily_channels (guild_id) ON DELETE CASCADE,
	ply           INTEGER NOT NULL DEFAULT 0,
	due           INTEGER NOT NULL,
	attempts      INTEGER NOT NULL DEFAULT 0,
	lease_until   INTEGER NOT NULL DEFAULT 0,
	cause         TEXT NOT NULL DEFAULT '',
	CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) + (daily_guild IS NOT NULL) = 1)
);
INSERT INTO schedule_new (id, kind, game_id, challenge_id, tournament_id, ply, due, attempts, lease_until, cause)
	SELECT id, kind, game_id, challenge_id, tournament_id, ply, due, attempts, lease_until, cause FROM schedule;
DROP TABLE schedule;
ALTER TABLE schedule_new RENAME TO schedule;
CREATE INDEX schedule_due ON schedule (due);
CREATE UNIQUE INDEX schedule_game ON schedule (game_id, kind) WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_challenge ON schedule (challenge_id, kind) WHERE challenge_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_tournament ON schedule (tournament_id) WHERE tournament_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_daily ON schedule (daily_guild) WHERE daily_guild IS NOT NULL;
