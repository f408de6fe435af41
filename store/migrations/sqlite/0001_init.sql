-- The core schema: players, games and their moves, challenges, ratings and
-- scheduled items. Times are Unix milliseconds (UTC); Discord ids are text.

CREATE TABLE players (
	id         TEXT PRIMARY KEY CHECK (id <> ''), -- Discord user id
	name       TEXT NOT NULL DEFAULT '',          -- display name as last seen
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- A game is a version-checked row: ply counts the moves recorded so far and
-- every change of position checks it. A side is a player or the AI
-- (player NULL, ai = its level).
CREATE TABLE games (
	id            INTEGER PRIMARY KEY AUTOINCREMENT,
	variant       TEXT NOT NULL CHECK (variant <> ''),
	start         TEXT NOT NULL DEFAULT '', -- position string; '' is the variant's start
	player0       TEXT REFERENCES players (id),
	ai0           INTEGER NOT NULL DEFAULT 0,
	player1       TEXT REFERENCES players (id),
	ai1           INTEGER NOT NULL DEFAULT 0,
	guild_id      TEXT NOT NULL DEFAULT '',
	channel_id    TEXT NOT NULL DEFAULT '',
	thread_id     TEXT NOT NULL DEFAULT '',
	message_id    TEXT NOT NULL DEFAULT '',
	rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
	capped        INTEGER NOT NULL DEFAULT 0 CHECK (capped IN (0, 1)),
	days_per_move INTEGER NOT NULL DEFAULT 0 CHECK (days_per_move >= 0),
	deadline      INTEGER,
	ply           INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
	result        TEXT NOT NULL DEFAULT '' CHECK (result IN ('', 'win', 'draw', 'aborted')),
	winner        INTEGER CHECK (winner IN (0, 1)),
	reason        TEXT NOT NULL DEFAULT '',
	ended_by      TEXT NOT NULL DEFAULT '',
	offer_kind    TEXT NOT NULL DEFAULT '' CHECK (offer_kind IN ('', 'draw', 'takeback')),
	offer_by      INTEGER NOT NULL DEFAULT 0 CHECK (offer_by IN (0, 1)),
	offer_ply     INTEGER NOT NULL DEFAULT 0,
	offer_undo    INTEGER NOT NULL DEFAULT 0,
	rematch_of    INTEGER REFERENCES games (id),
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL,
	ended_at      INTEGER,
	CHECK ((player0 IS NULL) = (ai0 > 0)),
	CHECK ((player1 IS NULL) = (ai1 > 0)),
	CHECK ((result = 'win') = (winner IS NOT NULL))
);

CREATE TABLE moves (
	game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	ply       INTEGER NOT NULL CHECK (ply >= 0), -- from 0: the game's ply before the move
	notation  TEXT NOT NULL CHECK (notation <> ''),
	played_at INTEGER NOT NULL,
	PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE challenges (
	id            INTEGER PRIMARY KEY AUTOINCREMENT,
	challenger    TEXT NOT NULL REFERENCES players (id),
	opponent      TEXT REFERENCES players (id), -- NULL: open to anyone
	variant       TEXT NOT NULL CHECK (variant <> ''),
	start         TEXT NOT NULL DEFAULT '',
	colour        TEXT NOT NULL CHECK (colour IN ('random', 'first', 'second')),
	rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
	days_per_move INTEGER NOT NULL CHECK (days_per_move >= 0),
	guild_id      TEXT NOT NULL DEFAULT '',
	channel_id    TEXT NOT NULL DEFAULT '',
	message_id    TEXT NOT NULL DEFAULT '',
	status        TEXT NOT NULL DEFAULT 'open'
		CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
	game_id       INTEGER REFERENCES games (id),
	rematch_of    INTEGER REFERENCES games (id),
	created_at    INTEGER NOT NULL,
	expires_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL
);

-- One row per player and variant they have played rated.
CREATE TABLE ratings (
	player_id  TEXT NOT NULL REFERENCES players (id),
	variant    TEXT NOT NULL,
	rating     INTEGER NOT NULL,
	peak       INTEGER NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	wins       INTEGER NOT NULL DEFAULT 0,
	draws      INTEGER NOT NULL DEFAULT 0,
	losses     INTEGER NOT NULL DEFAULT 0,
	streak     INTEGER NOT NULL DEFAULT 0, -- wins in a row (> 0) or losses in a row (< 0)
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (player_id, variant)
) WITHOUT ROWID;

-- The rating change of each side of a rated game, written with its result.
CREATE TABLE rating_changes (
	game_id   INTEGER NOT NULL REFERENCES games (id),
	side      INTEGER NOT NULL CHECK (side IN (0, 1)),
	player_id TEXT NOT NULL REFERENCES players (id),
	before    INTEGER NOT NULL,
	after     INTEGER NOT NULL,
	PRIMARY KEY (game_id, side)
) WITHOUT ROWID;

-- Timers are rows with a due time: move deadlines and reminders of games,
-- expiry of challenges. A game's timers are updated in place as it moves
-- on; ply and due tell a task that has been handled from its successor.
CREATE TABLE schedule (
	id           INTEGER PRIMARY KEY,
	kind         TEXT NOT NULL CHECK (kind IN ('deadline', 'reminder', 'expiry')),
	game_id      INTEGER REFERENCES games (id) ON DELETE CASCADE,
	challenge_id INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
	ply          INTEGER NOT NULL DEFAULT 0,
	due          INTEGER NOT NULL,
	CHECK ((game_id IS NULL) <> (challenge_id IS NULL))
);
