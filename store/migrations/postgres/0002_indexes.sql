-- Indexes for the bot's queries: a player's games, the active games of a
-- channel, leaderboards, due timers and challenge look-ups.

CREATE INDEX games_player0 ON games (player0);
CREATE INDEX games_player1 ON games (player1);
CREATE INDEX games_channel ON games (channel_id);
CREATE INDEX games_thread ON games (thread_id);
CREATE UNIQUE INDEX games_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX ratings_board ON ratings (variant, rating DESC, games DESC);
CREATE INDEX rating_changes_player ON rating_changes (player_id);
CREATE INDEX challenges_open ON challenges (channel_id) WHERE status = 'open';
CREATE INDEX challenges_opponent ON challenges (opponent) WHERE status = 'open';
CREATE INDEX challenges_challenger ON challenges (challenger) WHERE status = 'open';
CREATE INDEX schedule_due ON schedule (due);
CREATE UNIQUE INDEX schedule_game ON schedule (game_id, kind) WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX schedule_challenge ON schedule (challenge_id, kind) WHERE challenge_id IS NOT NULL;
