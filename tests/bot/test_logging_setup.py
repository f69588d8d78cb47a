"""Secrets never reach logs (DEVELOPERS.md, Standards): the token and the database password are
redacted from every record, and nothing else is touched."""

from __future__ import annotations

import logging

from bot.operations.logging_setup import RedactTokens

TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.Gh3kLm.abcdefghijklmnopqrstuvwxyz0123456789"


def _filtered(secrets: list[str], message: str, *args: object) -> str:
    record = logging.LogRecord("bot", logging.INFO, __file__, 1, message, args, None)
    RedactTokens(secrets).filter(record)
    return record.getMessage()


def test_the_token_and_the_password_are_redacted_wherever_they_appear() -> None:
    said = _filtered(
        [TOKEN, "s3cret-pw"], "GET %s failed; url postgresql://u:%s@db/x", f"Bot {TOKEN}", "s3cret-pw"
    )
    assert TOKEN not in said and "s3cret-pw" not in said
    assert said == "GET Bot [redacted] failed; url postgresql://u:[redacted]@db/x"


def test_a_short_secret_is_not_cut_out_of_other_words() -> None:
    """An owner's bad day: a one-letter test token made every "next" in the log "ne[redacted]t"."""
    said = _filtered(["x"], "try 1, the next in 0.5 s (token x)")
    assert said == "try 1, the next in 0.5 s (token [redacted])"
