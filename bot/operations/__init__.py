"""Operations: running the process: settings, health, the database claim, restore, copy-database,
logging, command sync, the REST base and its rate limit, permissions."""
