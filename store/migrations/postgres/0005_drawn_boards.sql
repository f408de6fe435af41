-- What a game's board message shows: the ply and result of the game when
-- the board was last drawn. At start-up the bot redraws the boards that
-- are behind the game (the process died between a change and its board
-- edit). Existing boards are taken to be up to date.

ALTER TABLE games ADD COLUMN drawn_ply BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN drawn_result TEXT NOT NULL DEFAULT '';
UPDATE games SET drawn_ply = ply, drawn_result = result;
