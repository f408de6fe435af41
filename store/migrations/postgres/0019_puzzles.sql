-- Puzzles (issue 48): the ratings of the puzzles someone has tried (one
-- never tried has the rating it was seeded with), each player's puzzle
-- rating per game, and each player's first attempt at each puzzle, the
-- only one that counts. Ratings are Glicko-2: rating, deviation,
-- volatility (docs/puzzles.md).
CREATE TABLE puzzle_ratings (
	puzzle_id TEXT PRIMARY KEY CHECK (puzzle_id <> ''),
	variant   TEXT NOT NULL,
	rating    DOUBLE PRECISION NOT NULL,
	rd        DOUBLE PRECISION NOT NULL,
	vol       DOUBLE PRECISION NOT NULL,
	plays     INTEGER NOT NULL,
	solves    INTEGER NOT NULL
);
CREATE INDEX puzzle_ratings_variant ON puzzle_ratings (variant);
CREATE TABLE puzzle_players (
	player_id  TEXT NOT NULL REFERENCES players(id),
	variant    TEXT NOT NULL,
	rating     DOUBLE PRECISION NOT NULL,
	rd         DOUBLE PRECISION NOT NULL,
	vol        DOUBLE PRECISION NOT NULL,
	attempts   INTEGER NOT NULL,
	solved     INTEGER NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (player_id, variant)
);
CREATE TABLE puzzle_attempts (
	player_id     TEXT NOT NULL REFERENCES players(id),
	puzzle_id     TEXT NOT NULL,
	variant       TEXT NOT NULL,
	solved        INTEGER NOT NULL,
	rating_before DOUBLE PRECISION NOT NULL,
	rating_after  DOUBLE PRECISION NOT NULL,
	at            BIGINT NOT NULL,
	PRIMARY KEY (player_id, puzzle_id)
);
