"""What each command and click does: lobbies (`lobbies.py`), hands and moves (`hands.py`), and
the table commands `/board`, `/end`, `/leave`, `/rules` (`table_commands.py`)."""
