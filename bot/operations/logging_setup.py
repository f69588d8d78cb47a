"""Logging for the bot: one format, the configured level, and no secrets.

discord.py never logs the token itself; `RedactTokens` is a guard in case any library or our own
code formats it into a message (an exception text, a URL), so secrets never reach logs.
"""

from __future__ import annotations

import logging
import re


class RedactTokens(logging.Filter):
    """Replace each configured secret with '[redacted]' in every record: the secret as a whole,
    not inside a longer word (a one-letter test token had made "next" read "ne[redacted]t")."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self._secrets = [s for s in secrets if s]
        self._pattern = (
            re.compile("|".join(rf"(?<![A-Za-z0-9]){re.escape(s)}(?![A-Za-z0-9])" for s in self._secrets))
            if self._secrets
            else None
        )

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self._pattern is not None and any(secret in message for secret in self._secrets):
            redacted = self._pattern.sub("[redacted]", message)
            if redacted != message:
                record.msg, record.args = redacted, None
        return True


def configure_logging(level: str, secrets: list[str]) -> None:
    """Log to stderr at `level`, with secrets redacted."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactTokens(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord.http").setLevel(max(logging.INFO, logging.getLevelName(level)))
