-- Timers gain a kind, analysis: a game's analysis is being made or is yet
-- to be posted; if the process that makes it dies, another (or the next
-- start) makes and posts it.
ALTER TABLE schedule DROP CONSTRAINT schedule_kind_check;
ALTER TABLE schedule ADD CONSTRAINT schedule_kind_check CHECK (kind IN ('deadline', 'reminder', 'expiry', 'tournament', 'reply', 'analysis'));
