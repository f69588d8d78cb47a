"""What one interaction answer's request costs the bot's CPU: aiohttp's client against the bot's
own kept connections (bot/basics/answer_http.py), side by side in one run (issue 31).

Every click is answered with one request of a table's size (about 2.5 KB of JSON). A local
server (its own process, so its work is not counted) answers each with `204 No Content`, as
Discord answers a callback. Each client sends the requests one after another on the bot's event
loop (uvloop), and the figure is its process's CPU time a request, so the event loop's waits and
wake-ups, which every request pays, are in it. The clients run alternately, `--rounds` times.

    python benchmarks/answer_transport.py [--requests 4000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import orjson
import uvloop
import yarl

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.basics.answer_http import KeptConnections  # noqa: E402
from bot.basics.callbacks import ANSWER_HEADERS  # noqa: E402

#: The answer's body: eight rows of five buttons, about a table's size.
PAYLOAD = {
    "type": 7,
    "data": {
        "flags": 1 << 15,
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "custom_id": f"gc:c:1:0:12:p{row}{column}", "label": "Plant here"}
                    for column in range(5)
                ],
            }
            for row in range(8)
        ]
        + [{"type": 10, "content": "A board of a few lines. " * 40}],
    },
}

SERVER = """
import asyncio, sys
async def handle(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b"\\r\\n\\r\\n")
            length = 0
            for line in head.split(b"\\r\\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            writer.write(b"HTTP/1.1 204 No Content\\r\\nVia: 1.1 google\\r\\n\\r\\n")
    except Exception:
        writer.close()
async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()
asyncio.run(main())
"""

Send = Callable[[int], Awaitable[None]]


async def with_aiohttp(base: str) -> tuple[Send, Callable[[], Awaitable[None]]]:
    """As the bot sent its answers before: an aiohttp session of its own, the body as bytes."""
    session = aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0), cookie_jar=aiohttp.DummyCookieJar()
    )
    headers = {"Content-Type": "application/json"}

    async def send(number: int) -> None:
        url = yarl.URL(f"{base}/interactions/{number}/token/callback", encoded=True)
        async with session.request("POST", url, data=orjson.dumps(PAYLOAD), headers=headers) as response:
            await response.read()

    return send, session.close


async def with_kept_connections(base: str) -> tuple[Send, Callable[[], Awaitable[None]]]:
    """As the bot sends them now."""
    connections = KeptConnections(base, ANSWER_HEADERS)

    async def send(number: int) -> None:
        await connections.request("POST", f"/interactions/{number}/token/callback", orjson.dumps(PAYLOAD))

    async def close() -> None:
        connections.close()

    return send, close


async def cpu_per_request(client: str, base: str, requests: int) -> float:
    make = with_aiohttp if client == "aiohttp" else with_kept_connections
    send, close = await make(base)
    try:
        for number in range(300):  # warm-up: connections open, code paths warm
            await send(number)
        started = time.process_time()
        for number in range(requests):
            await send(number)
        return (time.process_time() - started) / requests
    finally:
        await close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        base = f"http://127.0.0.1:{server.stdout.readline().strip()}/api/v10"
        figures: dict[str, list[float]] = {"aiohttp": [], "kept connections": []}
        for _ in range(args.rounds):
            for client, values in figures.items():
                values.append(uvloop.run(cpu_per_request(client, base, args.requests)))
        print(f"{args.requests} answers a run, {args.rounds} rounds, body {len(orjson.dumps(PAYLOAD))} bytes")
        for client, values in figures.items():
            shown = ", ".join(f"{value * 1e6:.1f}" for value in values)
            print(f"{client:>18}: CPU µs a request {shown}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
