"""One game in memory (its position, its session, the sessions) and the registry of games."""
