-- Games and tournaments gain a public id: 16 hex digits (64 random bits),
-- the only way the web addresses them, so that counting from 1 opens
-- nothing. The ids of the rows there are already are drawn here; new rows
-- get theirs from the store (crypto/rand).
ALTER TABLE games ADD COLUMN public_id TEXT;
UPDATE games SET public_id = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX games_public_id ON games (public_id);
ALTER TABLE tournaments ADD COLUMN public_id TEXT;
UPDATE tournaments SET public_id = lower(hex(randomblob(8)));
CREATE UNIQUE INDEX tournaments_public_id ON tournaments (public_id);
