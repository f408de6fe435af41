-- Live games: a clock per player. clock_ms is each player's time at the
-- start (0 for a correspondence game) and increment_ms what each move adds;
-- left0_ms and left1_ms are the time each side had when its clock last
-- stopped, clock_side the side whose clock runs, since clock_at.
-- alive records when the bot was last seen running, so that a restart's
-- downtime is not charged to the players of live games.

ALTER TABLE games ADD COLUMN clock_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN increment_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN left0_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN left1_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_side INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_at INTEGER NOT NULL DEFAULT 0;

CREATE TABLE alive (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	at INTEGER NOT NULL
);

ALTER TABLE challenges ADD COLUMN clock_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN increment_ms INTEGER NOT NULL DEFAULT 0;
