-- Games and tournaments gain a public id: 16 hex digits (64 random bits),
-- the only way the web addresses them, so that counting from 1 opens
-- nothing. The ids of the rows there are already are drawn here (from
-- gen_random_uuid's 122 random bits); new rows get theirs from the store
-- (crypto/rand).
ALTER TABLE games ADD COLUMN public_id TEXT;
UPDATE games SET public_id = substr(md5(gen_random_uuid()::text), 1, 16);
ALTER TABLE games ALTER COLUMN public_id SET NOT NULL;
CREATE UNIQUE INDEX games_public_id ON games (public_id);
ALTER TABLE tournaments ADD COLUMN public_id TEXT;
UPDATE tournaments SET public_id = substr(md5(gen_random_uuid()::text), 1, 16);
ALTER TABLE tournaments ALTER COLUMN public_id SET NOT NULL;
CREATE UNIQUE INDEX tournaments_public_id ON tournaments (public_id);
