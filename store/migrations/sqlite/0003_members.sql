-- Server leaderboards: a player belongs to the leaderboard of every server
-- (guild) they have played a game in. Existing games fill the table.

CREATE TABLE members (
	guild_id  TEXT NOT NULL CHECK (guild_id <> ''),
	player_id TEXT NOT NULL REFERENCES players (id),
	PRIMARY KEY (guild_id, player_id)
) WITHOUT ROWID;

CREATE INDEX members_player ON members (player_id);

INSERT INTO members (guild_id, player_id)
	SELECT guild_id, player0 FROM games WHERE guild_id <> '' AND player0 IS NOT NULL
	UNION
	SELECT guild_id, player1 FROM games WHERE guild_id <> '' AND player1 IS NOT NULL
	ON CONFLICT DO NOTHING;
