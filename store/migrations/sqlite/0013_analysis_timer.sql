-- Timers gain a kind, analysis: a game's analysis is being made or is yet
-- to be posted; if the process that makes it dies, another (or the next
-- start) makes and posts it. SQLite cannot change a CHECK constraint in
-- place, so the table is copied.
CREATE TABLE schedule_new (
	id            INTEGER PRIMARY KEY,
	kind          TEXT NOT NULL CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament', 'reply', 'analysis')),
	game_id       INTEGER REFERENCES games (id) ON DELETE CASCADE,
	challenge_id  INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
	tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
	ply           INTEGER NOT NULL DEFAULT 0,
	due           INTEGER NOT NULL,
	attempts      INTEGER NOT NULL DEFAULT 0,
	lease_until   INTEGER NOT NULL DEFAULT 0,
	CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) = 1)
);
INSERT INTO schedule_new (id, kind, game_id, challenge_id, tournament_id, ply, due, attempts, lease_until)
	SELECT id, kind, game_id, challenge_id, tournament_id, ply, due, attempts, lease_until FROM schedule;
DROP TABLE schedule;
ALTER TABLE schedule_new RENAME TO schedule;
CREATE INDEX schedule_due ON schedule (due);
CREATE UNIQUE INDEX schedule_game ON schedule (game_id, kind) WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_challenge ON schedule (challenge_id, kind) WHERE challenge_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_tournament ON schedule (tournament_id) WHERE tournament_id IS NOT NULL;
