"""The gateway's frames handed to the JSON parser as the bytes Discord compressed, not as text.

discord.py asks Discord for `zlib-stream` compression, inflates each frame, decodes the bytes to a
string and parses that with orjson, which encodes the string back to UTF-8 before it reads it. A
click's frame carries the clicked message (a table: about 6 KB, four bytes a character once
decoded, since it holds emoji), and the round trip was a twelfth of a click's cache misses at 20
games flat out and 3.5% of its instructions (issue 31, docs/performance.md). orjson (and the
standard library's `json`, which discord.py uses without it) parses bytes as they are.

`install` puts `FramesAsBytes` in place of discord.py's zlib context (`_ActiveDecompressionContext`,
of which each gateway connection makes one when it opens): the same stream, its frames not
decoded. Nothing changes when discord.py runs another compression (zstandard, when installed). Pinned by
`tests/bot/test_discord_seams.py` (docs/bot.md, "Beyond discord.py's documented API").
"""

from __future__ import annotations

import zlib

from discord import utils

#: What discord.py asks Discord for, and what it is called in the gateway's URL.
ZLIB_STREAM = "zlib-stream"
#: The end of a frame in a zlib stream (a sync flush): Discord ends every gateway message with it.
FRAME_END = b"\x00\x00\xff\xff"


class FramesAsBytes:
    """One gateway connection's zlib stream (Discord's `zlib-stream`: one deflate stream a
    connection, each message ending in a sync flush), each frame given back as inflated bytes."""

    __slots__ = ("buffer", "context")

    COMPRESSION_TYPE = ZLIB_STREAM

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.context = zlib.decompressobj()

    def decompress(self, data: bytes, /) -> bytes | None:
        """The frame `data` ends, inflated (None: more of it is to come)."""
        self.buffer.extend(data)
        if len(data) < 4 or data[-4:] != FRAME_END:
            return None
        inflated = self.context.decompress(self.buffer)
        self.buffer = bytearray()
        return inflated


def install() -> bool:
    """Make every gateway connection opened from now on inflate its frames with `FramesAsBytes`;
    False, and nothing changed, when discord.py runs another compression than zlib's."""
    if utils._ActiveDecompressionContext.COMPRESSION_TYPE != ZLIB_STREAM:
        return False
    # discord.py types its contexts as giving text; what it does with a frame (`utils._from_json`,
    # orjson's or the standard library's `loads`) takes bytes the same.
    utils._ActiveDecompressionContext = FramesAsBytes  # type: ignore[assignment]
    return True
