"""Play: what players do at a table: lobbies, moves, computer players, seats, the game log lines."""
