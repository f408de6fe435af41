-- Where the Discord bot shows a game, a challenge or a tournament is the
-- bot's bookkeeping, not the game service's: it moves off the games',
-- challenges' and tournaments' rows into a table the bot keeps through
-- its port (bot.Posts), one row per thing posted, keyed by what it is
-- (kind: 'game', 'challenge' or 'tournament') and its id:
-- - thread_id: the thread it is shown in ("" for its channel): a game's
--   board moved there with /board, a tournament's thread for its rounds;
-- - message_id: its message (a game's board, a challenge's message, a
--   tournament's sign-up message; "" before it is posted);
-- - drawn_version: the game's version its board shows (a board behind
--   its game is redrawn at start-up);
-- - announced: a tournament's last round whose pairings were posted.
-- The rows are copied from the old columns, which are dropped.

CREATE TABLE discord_posts (
	kind          TEXT NOT NULL,
	id            BIGINT NOT NULL,
	thread_id     TEXT NOT NULL DEFAULT '',
	message_id    TEXT NOT NULL DEFAULT '',
	drawn_version BIGINT NOT NULL DEFAULT 0,
	announced     BIGINT NOT NULL DEFAULT 0,
	PRIMARY KEY (kind, id)
);
CREATE INDEX discord_posts_thread ON discord_posts (thread_id);

INSERT INTO discord_posts (kind, id, thread_id, message_id, drawn_version)
	SELECT 'game', id, thread_id, message_id, drawn_version FROM games WHERE thread_id <> '' OR message_id <> '';
INSERT INTO discord_posts (kind, id, message_id)
	SELECT 'challenge', id, message_id FROM challenges WHERE message_id <> '';
INSERT INTO discord_posts (kind, id, thread_id, message_id, announced)
	SELECT 'tournament', id, thread_id, message_id, announced FROM tournaments WHERE thread_id <> '' OR message_id <> '' OR announced > 0;

DROP INDEX games_thread;
ALTER TABLE games DROP COLUMN thread_id;
ALTER TABLE games DROP COLUMN message_id;
ALTER TABLE games DROP COLUMN drawn_version;
ALTER TABLE challenges DROP COLUMN message_id;
DROP INDEX tournaments_thread;
ALTER TABLE tournaments DROP COLUMN thread_id;
ALTER TABLE tournaments DROP COLUMN message_id;
ALTER TABLE tournaments DROP COLUMN announced;
