"""Settings from the environment and `.env`, validated once at start.

A missing or malformed setting stops the bot with one line that names it and says how to fix it,
never a traceback (`load_settings_or_exit`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

from pydantic import AnyUrl, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
#: 1.5% of one core, one and a half to two pictures a second: every move is drawn at once while the
#: whole bot sees fewer moves than that (20 games each moving every 15 s: measured, 39 of 41 boards
#: drawn at once, the other two one move behind). It was 25 until issue 5's CPU bar was measured at
#: 50 interactions a second: 25 cost 0.5-0.6 ms per interaction there, 15 about 0.2 ms less
#: (docs/performance.md).
DEFAULT_PICTURE_BUDGET_MS = 15.0

#: How to fix each setting, in the words of the one-line hint.
HINTS: dict[str, str] = {
    "discord_token": "put your bot token in .env as DISCORD_TOKEN=... "
    "(Discord Developer Portal > your application > Bot > Reset Token)",
    "discord_api_base": "set DISCORD_API_BASE to an http(s) URL such as https://discord.com/api/v10, "
    "or leave it empty",
    "discord_gateway_url": "set DISCORD_GATEWAY_URL to a ws(s) URL such as wss://gateway.discord.gg/, "
    "or leave it empty",
    "database_path": "set DATABASE_PATH to a file path such as ./data/garden-club.sqlite3",
    "sync_guild_id": "set SYNC_GUILD_ID to a server's numeric id (Developer Mode > right-click the "
    "server > Copy Server ID), or leave it empty",
    "log_level": "set LOG_LEVEL to one of DEBUG, INFO, WARNING, ERROR, CRITICAL",
    "picture_budget_ms": "set PICTURE_BUDGET_MS to a number of milliseconds per second such as 15 "
    "(0 turns pictures off), or leave it empty",
}


class Settings(BaseSettings):
    """Everything a server owner can configure (documented in `.env.example` and the README)."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr = Field(min_length=1)
    discord_api_base: AnyUrl | None = None
    discord_gateway_url: AnyUrl | None = None
    database_path: Path = Path("./data/garden-club.sqlite3")
    sync_guild_id: int | None = Field(default=None, gt=0)
    log_level: LogLevel = "INFO"
    #: CPU milliseconds per second the bot may spend drawing pictures (`bot/picture_service/budget.py`).
    picture_budget_ms: float = Field(default=DEFAULT_PICTURE_BUDGET_MS, ge=0, le=1000)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_log_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("discord_api_base")
    @classmethod
    def _http_only(cls, value: AnyUrl | None) -> AnyUrl | None:
        if value is not None and value.scheme not in ("http", "https"):
            raise ValueError("must be an http:// or https:// URL")
        return value

    @field_validator("discord_gateway_url")
    @classmethod
    def _ws_only(cls, value: AnyUrl | None) -> AnyUrl | None:
        if value is not None and value.scheme not in ("ws", "wss"):
            raise ValueError("must be a ws:// or wss:// URL")
        return value

    @property
    def api_base(self) -> str | None:
        """The REST base without a trailing slash, as discord.py's `Route.BASE` wants it."""
        return str(self.discord_api_base).rstrip("/") if self.discord_api_base else None


def describe_error(error: ValidationError) -> str:
    """One line naming the first bad setting and how to fix it."""
    first = error.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else "settings"
    env_name = field.upper()
    hint = HINTS.get(field, "see .env.example")
    if first["type"] == "missing":
        return f"Setting {env_name} is missing: {hint}."
    return f"Setting {env_name} is not valid ({first['msg']}): {hint}."


def load_settings_or_exit(env_file: str | Path | None = ".env") -> Settings:
    """Settings, or exit with status 2 after printing the one-line hint to stderr."""
    try:
        return Settings(_env_file=env_file)
    except ValidationError as error:
        print(f"garden-club: {describe_error(error)}", file=sys.stderr)
        raise SystemExit(2) from None
