# Garden Club in a container: slim Python, a non-root user, the database on the /data volume.
#
#   docker build -t garden-club .
#   docker run -d --name garden-club --restart unless-stopped \
#     --env-file .env -v garden-club-data:/data garden-club

# The package as a wheel (engine, bot, and docs/rules installed under share/garden-club/rules).
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY docs/rules ./docs/rules
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/garden-club.sqlite3

# The dependencies in their own layer, rebuilt only when pyproject.toml changes: exactly what
# [project].dependencies lists, read from pyproject.toml.
COPY pyproject.toml /tmp/pyproject.toml
RUN python -c 'import tomllib; deps = tomllib.load(open("/tmp/pyproject.toml", "rb"))["project"]["dependencies"]; open("/tmp/requirements.txt", "w").write("\n".join(deps) + "\n")' \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/pyproject.toml /tmp/requirements.txt

# Then the code, without dependencies (they are all installed above).
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
