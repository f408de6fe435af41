-- A Reply timer keeps the cause of the AI's reply it stands for: the ID
-- of the request (a move, an answer, a takeback, a start) that left the
-- AI to move. Whoever thinks the reply publishes it under that cause, so
-- that the adapter waiting for it shows it and the others follow it as a
-- change made elsewhere.
ALTER TABLE schedule ADD COLUMN cause TEXT NOT NULL DEFAULT '';
