-- Learning aids. hints counts the hints a player asked for in a casual
-- game against the AI; analyses keeps a finished game's computer analysis
-- (the analysis package's report, as JSON), so that it is computed once.

ALTER TABLE games ADD COLUMN hints BIGINT NOT NULL DEFAULT 0;

CREATE TABLE analyses (
	game_id    BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
	report     TEXT NOT NULL,
	created_at BIGINT NOT NULL
);
