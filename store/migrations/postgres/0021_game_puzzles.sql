-- Puzzles from a server's own games (issue 48): each finished game of a
-- server is mined once, in the background (table.MinePuzzles), and the
-- puzzles found in it are offered to that server's members only.
-- puzzle_mining has a row per game taken: lease_until (Unix milliseconds)
-- holds it for the process mining it, done marks it mined, with the number
-- of puzzles it gave. game_puzzles holds the puzzles: the position (the
-- solver to move), the line (moves in notation, separated by spaces), the
-- seed rating, where it comes from, and the server whose members see it;
-- a puzzle's rating, once tried, is in puzzle_ratings as a shipped one's.
CREATE TABLE puzzle_mining (
	game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	lease_until BIGINT NOT NULL,
	done        BIGINT NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
	puzzles     BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE game_puzzles (
	guild_id  TEXT NOT NULL CHECK (guild_id <> ''),
	puzzle_id TEXT NOT NULL CHECK (puzzle_id <> ''),
	variant   TEXT NOT NULL,
	position  TEXT NOT NULL,
	line      TEXT NOT NULL,
	seed      BIGINT NOT NULL,
	origin    TEXT NOT NULL,
	game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	found_at  BIGINT NOT NULL,
	PRIMARY KEY (guild_id, puzzle_id)
);
CREATE INDEX game_puzzles_variant ON game_puzzles (guild_id, variant);
CREATE INDEX games_server_finished ON games (id) WHERE guild_id <> '' AND result <> '';
