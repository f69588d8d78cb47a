"""Settings from the environment and `.env`, validated once at start.

A missing or malformed setting stops the bot with one line that names it and says how to fix it,
never a traceback (`load_settings_or_exit`).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import re
import sqlite3
import sys
from pathlib import Path
from typing import Literal

from pydantic import AnyUrl, Field, SecretStr, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.basics.shards import ShardPlan, parse_shard_ids
from bot.storage.reach import url_problem

#: What DATABASE_URL may begin with (bot/storage/database.py opens each).
DATABASE_SCHEMES = ("sqlite:///", "postgresql://", "postgres://")
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
#: 1.5% of one core, one and a half to two pictures a second: every move is drawn at once while the
#: whole bot sees fewer moves than that (20 games each moving every 15 s: measured, 39 of 41 boards
#: drawn at once, the other two one move behind). It was 25 until issue 5's CPU bar was measured at
#: 50 interactions a second: 25 cost 0.5-0.6 ms per interaction there, 15 about 0.2 ms less
#: (docs/performance.md).
DEFAULT_PICTURE_BUDGET_MS = 15.0
#: A database that restarts or boots alongside the bot is up within seconds; a minute is ample, and
#: a wrong host still ends in one line soon enough.
DEFAULT_DATABASE_WAIT_SECONDS = 60.0
#: Where metrics listen unless METRICS_HOST says otherwise: this machine only.
DEFAULT_METRICS_HOST = "127.0.0.1"

#: How to fix each setting, in the words of the one-line hint.
HINTS: dict[str, str] = {
    "discord_token": "put your bot token in .env as DISCORD_TOKEN=... "
    "(Discord Developer Portal > your application > Bot > Reset Token)",
    "discord_api_base": "set DISCORD_API_BASE to an http(s) URL such as https://discord.com/api/v10, "
    "or leave it empty",
    "discord_gateway_url": "set DISCORD_GATEWAY_URL to a ws(s) URL such as wss://gateway.discord.gg/, "
    "or leave it empty",
    "database_path": "set DATABASE_PATH to a file path such as ./data/garden-club.sqlite3",
    "database_url": "set DATABASE_URL to sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/"
    "database, or leave it empty for the SQLite file DATABASE_PATH",
    "sync_guild_id": "set SYNC_GUILD_ID to a server's numeric id (Developer Mode > right-click the "
    "server > Copy Server ID), or leave it empty",
    "log_level": "set LOG_LEVEL to one of DEBUG, INFO, WARNING, ERROR, CRITICAL",
    "picture_budget_ms": "set PICTURE_BUDGET_MS to a number of milliseconds per second such as 15 "
    "(0 turns pictures off), or leave it empty",
    "test_games": "set TEST_GAMES to true or false (offer the platform's test games), or leave it empty",
    "metrics_port": "set METRICS_PORT to a free port number such as 9108 (Prometheus metrics), "
    "or leave it empty for no metrics",
    "metrics_host": "set METRICS_HOST to the address metrics listen on: 127.0.0.1 (this machine only) "
    "or 0.0.0.0 (every interface), or leave it empty for 127.0.0.1",
    "backup_every": "set BACKUP_EVERY to a duration such as 1d, 12h or 30m, or off for no backups",
    "backup_keep": "set BACKUP_KEEP to how many backups to keep, such as 7",
    "shard_count": "set SHARD_COUNT to the bot's total number of shards across all its processes, "
    "such as 2, or leave it empty to run unsharded",
    "shard_ids": "set SHARD_IDS to the shards this process runs, such as 0-3, 0,2,5 or 0-1,4 (each "
    "below SHARD_COUNT, each once), or leave it empty to run them all",
    "database_wait_seconds": "set DATABASE_WAIT_SECONDS to how many seconds to wait at start for a "
    "PostgreSQL server not up yet, such as 60 (0: do not wait), or leave it empty",
    "rest_proxy": "set REST_PROXY to true only when DISCORD_API_BASE points at a REST proxy shared by "
    "all the bot's processes, or leave it empty",
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
    #: Where the store lives (issue 21): `sqlite:///path` (then DATABASE_PATH is that file) or
    #: `postgresql://…`, shared by every process of a sharded instance. Unset: DATABASE_PATH's file.
    #: Secret: a PostgreSQL URL may hold a password, so it never reaches a log.
    database_url: SecretStr | None = None
    #: At start, how long to wait in all for a PostgreSQL server that cannot be reached yet (compose
    #: starting the bots before the database, a restarted database), trying with back-off.
    database_wait_seconds: float = Field(default=DEFAULT_DATABASE_WAIT_SECONDS, ge=0, le=3600)
    sync_guild_id: int | None = Field(default=None, gt=0)
    log_level: LogLevel = "INFO"
    #: CPU milliseconds per second the bot may spend drawing pictures (`bot/picture_service/budget.py`).
    picture_budget_ms: float = Field(default=DEFAULT_PICTURE_BUDGET_MS, ge=0, le=1000)
    #: Offer the platform's test games (Secret Numbers, Objection!) in `/play`.
    test_games: bool = False
    #: Serve Prometheus metrics on this port (None: no metrics).
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    #: The address metrics listen on: this machine only by default (a metrics port open to every
    #: network is a surprise); the Docker image says 0.0.0.0, so a published port reaches it.
    metrics_host: str = DEFAULT_METRICS_HOST
    #: How often to take an online backup of the database ("off": never), and how many to keep.
    backup_every: str = "1d"
    backup_keep: int = Field(default=7, ge=1, le=1000)
    #: Shards across processes (bot/basics/shards.py): the bot's total number of shards, and the ones this
    #: process runs ("0-3", "0,2,5", "0-1,4"; None: all of them). Neither: unsharded, as always.
    shard_count: int | None = Field(default=None, ge=1, le=65536)
    shard_ids: str | None = None
    #: DISCORD_API_BASE is a REST proxy shared by every process, which keeps Discord's global rate
    #: limit itself: no process limits its own requests (docs/bot.md, "Shards across processes").
    rest_proxy: bool = False

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and "shard_count" in info.data:
            parse_shard_ids(value, info.data["shard_count"])
        return value

    @field_validator("rest_proxy")
    @classmethod
    def _proxy_needs_a_base(cls, value: bool, info: ValidationInfo) -> bool:
        if value and info.data.get("discord_api_base") is None and "discord_api_base" in info.data:
            raise ValueError("needs DISCORD_API_BASE, the proxy's URL")
        return value

    @property
    def shard_plan(self) -> ShardPlan:
        """The shards this process runs (unsharded without SHARD_COUNT)."""
        if self.shard_count is None:
            return ShardPlan()
        ids = parse_shard_ids(self.shard_ids, self.shard_count) if self.shard_ids is not None else None
        return ShardPlan(self.shard_count, ids)

    @property
    def rest_requests_per_second(self) -> int | None:
        """The REST requests a second this process allows itself (None: no limit of its own:
        unsharded as always, or behind a shared REST proxy)."""
        plan = self.shard_plan
        if not plan.sharded or self.rest_proxy:
            return None
        return plan.rest_share()

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: SecretStr | None) -> SecretStr | None:
        url = value.get_secret_value().strip() if value is not None else None
        if url is None:
            return value
        if not url.startswith(DATABASE_SCHEMES):
            raise ValueError("must begin with sqlite:/// or postgresql://")
        if url.startswith("sqlite:///") and not url[len("sqlite:///") :].strip():
            raise ValueError("sqlite:/// names no file")
        problem = url_problem(url) if url.startswith(("postgresql://", "postgres://")) else None
        if problem is not None:
            raise ValueError(problem)
        return value

    @field_validator("metrics_host")
    @classmethod
    def _metrics_host(cls, value: str) -> str:
        host = value.strip().strip("[]")
        if not _is_ip(host) and _HOST_NAME.fullmatch(host) is None:
            raise ValueError("must be an address such as 127.0.0.1 or 0.0.0.0, or a host name")
        return host

    @property
    def database(self) -> str:
        """The store's location for `Store.open`: the PostgreSQL URL, or the SQLite file's path."""
        url = self.database_url.get_secret_value() if self.database_url is not None else None
        if url is None or url.startswith("sqlite:///"):
            return str(self.sqlite_file)
        return url

    @property
    def uses_postgres(self) -> bool:
        return self.database_url is not None and not self.database_url.get_secret_value().startswith("sqlite")

    @property
    def sqlite_file(self) -> Path:
        """DATABASE_URL's SQLite file, else DATABASE_PATH. With PostgreSQL it is still where this
        process keeps its own files beside it (the heartbeat `<file>.health`, the run lock)."""
        return sqlite_file_of(self.database_path, self.database_url)

    @property
    def sqlite_setting(self) -> str:
        """The setting that names `sqlite_file`, for the owner's one-line messages."""
        url = self.database_url.get_secret_value() if self.database_url is not None else ""
        return "DATABASE_URL" if url.startswith("sqlite:///") else "DATABASE_PATH"

    @field_validator("backup_every")
    @classmethod
    def _duration(cls, value: str) -> str:
        text = value.strip().lower()
        if text != "off" and duration_seconds(text) is None:
            raise ValueError("must be a duration such as 1d, 12h or 30m, or off")
        return text

    @property
    def backup_seconds(self) -> float | None:
        """Seconds between backups (None: no backups)."""
        return None if self.backup_every == "off" else duration_seconds(self.backup_every)

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


#: The units the README's table promises (m, h, d, w). Seconds are refused: a backup every few
#: seconds is no owner's wish, and an `s` typed for "minutes" would be one.
_UNITS = {"m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}


def duration_seconds(text: str) -> float | None:
    """ "1d" -> 86400.0; "90m" -> 5400.0; None for anything else (or zero)."""
    text = text.strip().lower()
    if len(text) < 2 or text[-1] not in _UNITS or not text[:-1].isdigit() or int(text[:-1]) == 0:
        return None
    return int(text[:-1]) * _UNITS[text[-1]]


#: A host name METRICS_HOST may give instead of an address (letters, digits, dots and dashes).
_HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def describe_error(error: ValidationError) -> str:
    """One line naming the first bad setting and how to fix it."""
    first = error.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else "settings"
    env_name = field.upper()
    hint = HINTS.get(field, "see .env.example")
    if first["type"] == "missing":
        return f"Setting {env_name} is missing: {hint}."
    # pydantic words a validator's own message "Value error, …": the owner reads only the message.
    why = str(first["msg"]).removeprefix("Value error, ")
    return f"Setting {env_name} is not valid ({why}): {hint}."


def load_settings_or_exit(env_file: str | Path | None = ".env") -> Settings:
    """Settings, or exit with status 2 after printing the one-line hint to stderr."""
    try:
        return Settings(_env_file=env_file)
    except ValidationError as error:
        print(f"garden-club: {describe_error(error)}", file=sys.stderr)
        raise SystemExit(2) from None


def sqlite_file_of(database_path: Path, database_url: SecretStr | None) -> Path:
    """The SQLite file a `sqlite:///path` DATABASE_URL names, else DATABASE_PATH."""
    url = database_url.get_secret_value() if database_url is not None else ""
    return Path(url[len("sqlite:///") :]) if url.startswith("sqlite:///") else database_path


def database_path_problem(path: Path, setting: str = "DATABASE_PATH") -> str | None:
    """One line saying why the bot cannot keep its database at `path`, or None if it can: its
    folder is made if missing, and must be writable; the file, if there, must be a writable
    SQLite database. `setting` is the one that named the file (DATABASE_URL's sqlite:///…, else
    DATABASE_PATH): the line names what the owner wrote."""
    example = (
        "sqlite:///data/garden-club.sqlite3" if setting == "DATABASE_URL" else "./data/garden-club.sqlite3"
    )
    fix = f"set {setting} to a file in a folder the bot may write, such as {example}"
    where = f"Setting {setting} ({path})"
    if path.is_dir():
        return f"{where} is a folder, not a file: {fix}."
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return f"{where} cannot be used: its folder cannot be made ({error.strerror or error}): {fix}."
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return f"{where} cannot be used: the bot may not write in {path.parent}: {fix}."
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            return f"{where} cannot be used: the bot may not read and write that file: {fix}."
        try:
            with contextlib.closing(sqlite3.connect(path)) as db:
                db.execute("PRAGMA schema_version").fetchone()
                (version,) = db.execute("PRAGMA user_version").fetchone()
        except sqlite3.DatabaseError as error:
            return f"{where} is not a Garden Club database ({error}): {fix}."
        from bot.storage.migrations import MIGRATIONS

        if int(version) > len(MIGRATIONS):
            return (
                f"{where} was written by a newer Garden Club (schema {version}; this one knows "
                f"{len(MIGRATIONS)}): run the newer version, or restore a backup taken before the "
                "upgrade (garden-club restore FILE; see the README, 'Upgrading and rolling back')."
            )
    return None
