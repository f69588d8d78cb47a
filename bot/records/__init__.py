"""Records: what is kept of games: results, ratings, standings, replays, the daily garden, fair
deals, the backfill of old results, a server's defaults."""
