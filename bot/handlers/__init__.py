"""What each command and click does, and how it is answered.

`router.py` hands every component click to its handler, `commands.py` registers the slash
commands; the handlers: lobbies (`lobbies.py`), hands and moves (`hands.py`), the table commands
`/board`, `/end`, `/leave`, `/rules` (`table_commands.py`), history, the daily garden, clocks and
stats (`*_commands.py`). `table.py` holds `Table`, the services they use; `replies.py` sends every
answer on time and `errors.py` words every failure.
"""
