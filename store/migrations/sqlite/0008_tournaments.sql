-- Tournaments in a channel. A tournament is open for players to join,
-- then running (round is the round being played), paused (no next round
-- starts), finished or cancelled. rounds is the number of rounds (for a
-- round robin, set when it starts); announced is the last round whose
-- pairings were posted.
CREATE TABLE tournaments (
	id            INTEGER PRIMARY KEY,
	guild_id      TEXT NOT NULL,
	channel_id    TEXT NOT NULL,
	thread_id     TEXT NOT NULL DEFAULT '',
	message_id    TEXT NOT NULL DEFAULT '',
	creator_id    TEXT NOT NULL,
	variant       TEXT NOT NULL,
	format        TEXT NOT NULL CHECK (format IN ('swiss', 'round robin')),
	rounds        INTEGER NOT NULL,
	rated         INTEGER NOT NULL,
	days_per_move INTEGER NOT NULL DEFAULT 0,
	clock_ms      INTEGER NOT NULL DEFAULT 0,
	increment_ms  INTEGER NOT NULL DEFAULT 0,
	state         TEXT NOT NULL CHECK (state IN ('open', 'running', 'paused', 'finished', 'cancelled')),
	round         INTEGER NOT NULL DEFAULT 0,
	announced     INTEGER NOT NULL DEFAULT 0,
	starts_at     INTEGER,
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL
);
CREATE INDEX tournaments_channel ON tournaments (channel_id);
CREATE INDEX tournaments_thread ON tournaments (thread_id);

-- The players of a tournament: rating is their rating when it started,
-- left_round the round in which they left (0 while they play on).
CREATE TABLE tournament_players (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	player_id     TEXT NOT NULL REFERENCES players (id),
	rating        INTEGER NOT NULL DEFAULT 0,
	joined_at     INTEGER NOT NULL,
	left_round    INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;

-- The pairings of each round: white moves first; black is '' for a bye.
-- game_id is the game played (NULL for a bye or a forfeit); done is set
-- when the result is known, and result is White's score (NULL when the
-- game was void: aborted, or both players gone).
CREATE TABLE tournament_games (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL,
	white         TEXT NOT NULL,
	black         TEXT NOT NULL DEFAULT '',
	game_id       INTEGER REFERENCES games (id),
	done          INTEGER NOT NULL DEFAULT 0,
	result        REAL,
	forfeit       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tournament_games_game ON tournament_games (game_id) WHERE game_id IS NOT NULL;

-- Timers gain a kind: a tournament's next step (its start, or its next
-- round) is due. SQLite cannot change a CHECK constraint in place, so the
-- table is copied.
CREATE TABLE schedule_new (
	id            INTEGER PRIMARY KEY,
	kind          TEXT NOT NULL CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament')),
	game_id       INTEGER REFERENCES games (id) ON DELETE CASCADE,
	challenge_id  INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
	tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
	ply           INTEGER NOT NULL DEFAULT 0,
	due           INTEGER NOT NULL,
	attempts      INTEGER NOT NULL DEFAULT 0,
	CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) = 1)
);
INSERT INTO schedule_new (id, kind, game_id, challenge_id, ply, due, attempts)
	SELECT id, kind, game_id, challenge_id, ply, due, attempts FROM schedule;
DROP TABLE schedule;
ALTER TABLE schedule_new RENAME TO schedule;
CREATE INDEX schedule_due ON schedule (due);
CREATE UNIQUE INDEX schedule_game ON schedule (game_id, kind) WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_challenge ON schedule (challenge_id, kind) WHERE challenge_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_tournament ON schedule (tournament_id) WHERE tournament_id IS NOT NULL;
