# Garden Club in a container: slim Python, a non-root user, the database on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/garden-club.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
# /rules shows the players' sections of these files.
COPY docs/rules ./docs/rules
RUN pip install . \
    && useradd --create-home --uid 10001 garden \
    && mkdir -p /data \
    && chown garden:garden /data

USER garden
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
