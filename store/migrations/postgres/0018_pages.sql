-- The web's pages that have no number of their own: a player's page, a
-- server's leaderboard and an invitation to play (an open challenge made
-- on the web) are addressed by a public id drawn for them (16 hex digits,
-- 64 bits from crypto/rand), so that nobody reaches one by counting or by
-- knowing a Discord id. kind is 'player', 'server' or 'invite'; subject
-- is the player's id, the server's id or the challenge's number.
CREATE TABLE page_ids (
	kind      TEXT NOT NULL,
	subject   TEXT NOT NULL,
	public_id TEXT NOT NULL UNIQUE,
	PRIMARY KEY (kind, subject)
);
-- The games their player chose to list on the web's home page, for anyone
-- to watch: games played off Discord only, whose watch link is theirs to
-- give. listed_at is in Unix milliseconds.
CREATE TABLE listed_games (
	game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	listed_at BIGINT NOT NULL
);
