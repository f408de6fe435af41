-- The live board's sessions: a player's standing on one game's web page,
-- after their private link, kept here so that a restart of the bot does
-- not log them out. The session's id is not stored, only its SHA-256
-- (hex), so that a copy of the database lets no one act as the player.
-- expires is in Unix milliseconds.
CREATE TABLE web_sessions (
	id_hash TEXT PRIMARY KEY,
	user_id TEXT NOT NULL,
	game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	csrf    TEXT NOT NULL,
	expires INTEGER NOT NULL
);
CREATE INDEX web_sessions_expires ON web_sessions (expires);
