-- A game's version counts the writes to it: 1 when it starts, one more
-- with each change. It is the test of what is stale: the feed's changes
-- carry it, and what a board message shows is the version it was drawn
-- at (drawn_version), which replaces the ply and result it was drawn at.
-- turn_version is the version at which the player to move began their
-- turn (the start, a move, a takeback), and pinged_version the last
-- turn_version whose player was told it is their move: a turn is pinged
-- once, whichever process or path sees it first.
-- Existing games start at version 1, their turns as pinged; their boards
-- are up to date if they showed the game's ply and result. A new game's
-- board, once posted, shows its start (version 1).

ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN drawn_version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN turn_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN pinged_version BIGINT NOT NULL DEFAULT 0;
UPDATE games SET version = 1, turn_version = 1, pinged_version = 1,
	drawn_version = CASE WHEN drawn_ply = ply AND drawn_result = result THEN 1 ELSE 0 END;
ALTER TABLE games DROP COLUMN drawn_ply;
ALTER TABLE games DROP COLUMN drawn_result;
