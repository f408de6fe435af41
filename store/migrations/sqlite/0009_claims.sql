-- A due timer is claimed by the process that handles it, until
-- lease_until: another process sharing the database leaves it alone until
-- then, and if the claimant dies, the timer comes due again after it.
ALTER TABLE schedule ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
