# Garden Club in a container: slim Python, a non-root user, the database on the /data volume.
#
#   docker build -t garden-club .
#   docker run -d --name garden-club --restart unless-stopped \
#     --env-file .env -v garden-club-data:/data garden-club

# The base image is pinned to a patch release, so a rebuild a month later starts from the same
# Python (tests/bot/test_compose.py checks both stages say the same exact version).
# The package as a wheel (engine, bot, and docs/rules installed under share/garden-club/rules).
FROM python:3.11.13-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY docs/rules ./docs/rules
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11.13-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/garden-club.sqlite3 \
    METRICS_HOST=0.0.0.0

# The dependencies in their own layer, rebuilt only when requirements.lock changes: exactly the
# versions and files it pins (every one by its sha256; pip refuses anything else), so a rebuild
# installs what was tested. The lock is made from pyproject.toml (README, "Run with Docker").
COPY requirements.lock /tmp/requirements.lock
RUN pip install --require-hashes --no-deps -r /tmp/requirements.lock \
    && rm /tmp/requirements.lock

# Then the code, without dependencies (they are all installed above, from the lock).
COPY --from=build /wheels /tmp/wheels
RUN pip install --no-deps /tmp/wheels/*.whl \
    && rm -rf /tmp/wheels \
    && groupadd --gid 10001 garden \
    && useradd --create-home --uid 10001 --gid garden garden \
    && mkdir -p /data \
    && chown garden:garden /data

USER 10001:10001
WORKDIR /home/garden
VOLUME ["/data"]
# The bot stops cleanly on SIGTERM within seconds, inside `docker stop`'s default 10 s.
STOPSIGNAL SIGTERM
# `garden-club health`: exit 0 while the bot is connected and its database writable.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["garden-club", "health", "--database", "/data/garden-club.sqlite3"]
# The database always lives on the volume: --database overrides any DATABASE_PATH from --env-file.
CMD ["garden-club", "run", "--database", "/data/garden-club.sqlite3"]
