"""Issue 32 ("Every player in their own language"): the synced command tree carries French for every
command, option and choice, from the catalogs, and nothing for the pseudo-locale; a changed
catalog changes the sync hash, so a new translation reaches Discord."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.basics.words import words_for
from bot.catalog_template import command_tree
from bot.operations import command_sync
from tests.fake_discord import BotRunner, FakeDiscord


def nodes(commands: list[dict[str, Any]], where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option, with a path for the failure message."""
    for node in commands:
        path = f"{where} {node['name']}".strip()
        yield path, node
        yield from nodes(node.get("options") or [], path)


async def test_every_command_option_and_choice_is_synced_in_french(
    fake_discord: FakeDiscord, garden_bot: BotRunner
) -> None:
    """Issue 32: name_localizations and description_localizations in French, as the catalog says."""
    await garden_bot.start()
    french = words_for("fr")
    synced = list(nodes(fake_discord.global_commands))
    assert len(synced) > 40
    for path, node in synced:
        assert set(node.get("name_localizations") or {}) == {"fr"}, path
        assert node["name_localizations"]["fr"] == french.text(node["name"]), path
        assert node["description_localizations"]["fr"] == french.text(node["description"]), path
        for choice in node.get("choices") or []:
            assert choice["name_localizations"] == {"fr": french.text(choice["name"])}, path
    [play] = [c for c in fake_discord.global_commands if c["name"] == "play"]
    assert play["name_localizations"] == {"fr": "jouer"}


def test_a_changed_translation_changes_the_sync_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: the hash that skips an unchanged sync covers the catalogs, not only the English."""
    tree = command_tree()
    before = command_sync.command_payload_hash(tree, None)
    monkeypatch.setattr(command_sync, "catalogs_digest", lambda: "another translation")
    assert command_sync.command_payload_hash(tree, None) != before
