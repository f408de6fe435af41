-- A due timer is claimed by the process that handles it, until
-- lease_until: another process sharing the database leaves it alone until
-- then, and if the claimant dies, the timer comes due again after it.
-- Timers gain a kind, reply: the AI is to move in a game, and a process
-- that died thinking leaves the move to another. SQLite cannot change a
-- CHECK constraint in place, so the table is copied.
CREATE TABLE schedule_new (
	id            INTEGER PRIMARY KEY,
	kind          TEXT NOT NULL CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament', 'reply')),
	game_id       INTEGER REFERENCES games (id) ON DELETE CASCADE,
	challenge_id  INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
	tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
	ply           INTEGER NOT NULL DEFAULT 0,
	due           INTEGER NOT NULL,
	attempts      INTEGER NOT NULL DEFAULT 0,
	lease_until   INTEGER NOT NULL DEFAULT 0,
	CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) = 1)
);
INSERT INTO schedule_new (id, kind, game_id, challenge_id, tournament_id, ply, due, attempts)
	SELECT id, kind, game_id, challenge_id, tournament_id, ply, due, attempts FROM schedule;
DROP TABLE schedule;
ALTER TABLE schedule_new RENAME TO schedule;
CREATE INDEX schedule_due ON schedule (due);
CREATE UNIQUE INDEX schedule_game ON schedule (game_id, kind) WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_challenge ON schedule (challenge_id, kind) WHERE challenge_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_tournament ON schedule (tournament_id) WHERE tournament_id IS NOT NULL;
