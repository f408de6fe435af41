-- workers records when each zugbot worker process was last seen: while one
-- is, the bot leaves the AI's replies to the workers, which take them from
-- the schedule's reply timers.
CREATE TABLE workers (
	name TEXT PRIMARY KEY,
	at   BIGINT NOT NULL
);
