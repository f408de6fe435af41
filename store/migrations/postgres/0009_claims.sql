-- A due timer is claimed by the process that handles it, until
-- lease_until: another process sharing the database leaves it alone until
-- then, and if the claimant dies, the timer comes due again after it.
-- Timers gain a kind, reply: the AI is to move in a game, and a process
-- that died thinking leaves the move to another.
ALTER TABLE schedule ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE schedule DROP CONSTRAINT schedule_kind_check;
ALTER TABLE schedule ADD CONSTRAINT schedule_kind_check CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament', 'reply'));
