"""docker-compose.yml (issue 21, "A docker-compose.yml (PostgreSQL + two bot processes) documents
the setup"): there is no Docker engine to run it here, so this reads it as Compose would and
checks what an owner relies on: a PostgreSQL service the bots wait for, two bot processes whose
shards cover 0..SHARD_COUNT-1 once with one SHARD_COUNT, each on that PostgreSQL, with a
`garden-club health` check and its own /data, and settings the bot itself accepts."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bot.basics.shards import parse_shard_ids
from bot.operations.settings import Settings

COMPOSE = Path(__file__).resolve().parents[2] / "docker-compose.yml"
#: What `${NAME:?message}` and `${NAME}` read from .env when Compose interpolates the file.
ENV = {"POSTGRES_PASSWORD": "0123456789abcdef"}


def parsed(text: str) -> dict[str, Any]:
    """The file as YAML (merge keys resolved): with PyYAML here, else with a `python3` that has it;
    skipped when neither does (the project adds no dependency for this one test)."""
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        python = shutil.which("python3")
        script = "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))"
        done = (
            subprocess.run([python, "-c", script], input=text, capture_output=True, text=True, timeout=60)
            if python
            else None
        )
        if done is None or done.returncode != 0:
            pytest.skip("PyYAML is not installed: docker-compose.yml is not parsed")
        found: dict[str, Any] = json.loads(done.stdout)
        return found
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


def interpolated(text: str) -> str:
    """`${NAME}` and `${NAME:?why}` replaced as Compose does from .env (every one must be known)."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        assert name in ENV, f"docker-compose.yml reads ${{{name}}}, which the README does not ask for"
        return ENV[name]

    return re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", value, text)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return parsed(interpolated(COMPOSE.read_text(encoding="utf-8")))


def bots(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if "SHARD_IDS" in s.get("environment", {})}


def test_postgresql_is_healthy_before_the_bots_start(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    assert db["image"].startswith("postgres:")
    assert db["environment"]["POSTGRES_PASSWORD"] == ENV["POSTGRES_PASSWORD"], "the password comes from .env"
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"]), "the games survive a restart"
    for name, bot in bots(compose).items():
        assert bot["depends_on"]["db"]["condition"] == "service_healthy", name


def test_two_processes_run_every_shard_once(compose: dict[str, Any]) -> None:
    found = bots(compose)
    assert len(found) == 2
    counts = {int(bot["environment"]["SHARD_COUNT"]) for bot in found.values()}
    assert counts == {2}, "every process says the same SHARD_COUNT"
    shards = sorted(s for bot in found.values() for s in parse_shard_ids(bot["environment"]["SHARD_IDS"], 2))
    assert shards == [0, 1], "together the processes run each shard once"


def test_each_process_uses_the_shared_postgresql_and_its_own_data_folder(compose: dict[str, Any]) -> None:
    url = f"postgresql://garden:{ENV['POSTGRES_PASSWORD']}@db:5432/garden"
    folders = set()
    for name, bot in bots(compose).items():
        assert bot["environment"]["DATABASE_URL"] == url, name
        assert bot["env_file"] == ".env" and bot["build"] == "." and bot["restart"] == "unless-stopped"
        [data] = [v for v in bot["volumes"] if v.endswith(":/data")]
        folders.add(data)
        check = bot["healthcheck"]["test"]
        assert check[:3] == ["CMD", "garden-club", "health"], (
            f"{name}: the health check is garden-club health"
        )
        assert check[3:] == ["--database", "/data/garden-club.sqlite3"], (
            "the heartbeat the image's bot writes"
        )
    assert len(folders) == 2, "each process keeps its heartbeat and run lock in its own volume"


def test_the_bot_accepts_each_processes_settings(compose: dict[str, Any]) -> None:
    for name, bot in bots(compose).items():
        environment = {key.lower(): value for key, value in bot["environment"].items()}
        settings = Settings(_env_file=None, discord_token="token-from-env-file", **environment)
        plan = settings.shard_plan
        assert plan.sharded and plan.count == 2 and len(plan.ids) == 1, name
        assert settings.rest_requests_per_second == 25, "each keeps to half of Discord's 50 a second"


ROOT = COMPOSE.parent
LOCK = ROOT / "requirements.lock"
DOCKERFILE = ROOT / "Dockerfile"


def locked() -> dict[str, tuple[str, int]]:
    """requirements.lock as {normalised name: (pinned version, how many sha256 hashes)}."""
    from packaging.utils import canonicalize_name

    found: dict[str, tuple[str, int]] = {}
    name = None
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        pinned = re.match(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)", line)
        if pinned:
            name = str(canonicalize_name(pinned.group(1)))
            found[name] = (pinned.group(2), 0)
        elif name is not None and line.strip().startswith("--hash=sha256:"):
            version, hashes = found[name]
            found[name] = (version, hashes + 1)
    return found


def test_the_lock_pins_every_runtime_dependency_of_pyproject_with_hashes() -> None:
    """Issue 29 item 8: the image installs requirements.lock (`--require-hashes`), so the lock must
    say every dependency of pyproject.toml, at a version its specifier allows, each file by its
    hash. Offline (no pip-compile run here): after changing the dependencies, regenerate it with
    `pip-compile --generate-hashes --strip-extras --no-emit-index-url --no-emit-find-links
    --output-file=requirements.lock pyproject.toml` (README, "Run with Docker")."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = locked()
    assert pins, "requirements.lock pins nothing"
    unhashed = [name for name, (_, hashes) in pins.items() if hashes == 0]
    assert not unhashed, f"requirements.lock has no hash for {unhashed}"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for text in project["dependencies"]:
        requirement = Requirement(text)
        name = str(canonicalize_name(requirement.name))
        assert name in pins, f"{requirement.name} (pyproject.toml) is not in requirements.lock: regenerate it"
        version = pins[name][0]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements.lock pins {name}=={version}, which pyproject.toml's {text!r} does not allow"
        )
    text = LOCK.read_text(encoding="utf-8")
    assert "--index-url" not in text and "--find-links" not in text, "the lock names no local index"


def test_the_image_installs_the_lock_on_a_pinned_python() -> None:
    dockerfile = DOCKERFILE.read_text(encoding="utf-8")
    bases = re.findall(r"^FROM\s+(\S+)", dockerfile, flags=re.MULTILINE)
    assert len(bases) == 2 and len(set(bases)) == 1, f"both stages on one base image: {bases}"
    assert re.fullmatch(r"python:3\.11\.\d+-slim(?:-\w+)?(?:@sha256:[0-9a-f]{64})?", bases[0]), (
        f"the base image {bases[0]} is not pinned to a patch release"
    )
    assert "COPY requirements.lock" in dockerfile
    assert re.search(r"pip install --require-hashes --no-deps -r \S*requirements\.lock", dockerfile)
    assert re.search(r"pip install --no-deps /tmp/wheels", dockerfile), "the project itself adds nothing"
    assert "requirements.lock" not in (ROOT / ".dockerignore").read_text(encoding="utf-8")


def test_compose_never_overwrites_the_single_containers_image(compose: dict[str, Any]) -> None:
    """The README's rollback keeps `garden-club` as `garden-club:previous`; `docker compose up
    --build` must not build over it, nor two services over one name."""
    images = [bot.get("image") for bot in bots(compose).values()]
    assert all(images), "each bot service names its image"
    assert len(set(images)) == len(images), f"two services build one image name: {images}"
    assert not any(str(image).split(":")[0] == "garden-club" for image in images), images
