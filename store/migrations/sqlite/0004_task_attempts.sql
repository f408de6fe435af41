-- A timer whose work fails is tried again later: attempts counts the
-- failed tries, so that the bot can give up after a few.

ALTER TABLE schedule ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
