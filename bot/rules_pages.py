"""Split a rules text into pages that fit one embed, breaking at headings and paragraphs."""

from __future__ import annotations

import re

#: Comfortably under an embed description's 4096 characters, and short enough to read at once.
PAGE_CHARS = 1800


_BLOCK_START = re.compile(r"^(\s*[-*+] |\s*\d+[.)] |#|\||>|```)")


def reflow(markdown: str) -> str:
    """Join the hard-wrapped lines of each paragraph and list item: Discord shows every newline,
    so a text wrapped at 100 columns would read ragged. Headings, tables and code stay as they are."""
    out: list[str] = []
    in_code = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code
            out.append(line)
            continue
        if in_code or not stripped or not out or not out[-1].strip():
            out.append(line)
            continue
        previous = out[-1]
        if previous.lstrip().startswith(("#", "|", "```")) or _BLOCK_START.match(line):
            out.append(line)
            continue
        out[-1] = previous.rstrip() + " " + stripped  # a wrapped line of a paragraph or list item
    return "\n".join(out)


def split_pages(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """Pages of at most `limit` characters; a new top-level section (`#`/`##`) starts a new page
    when the current one is already half full, so sections are not scattered."""
    pages: list[str] = []
    current = ""
    for block in text.strip().split("\n\n"):
        block = block.strip()
        if not block:
            continue
        while len(block) > limit:  # a single huge paragraph: cut at the last line or space
            cut = block.rfind("\n", 0, limit)
            if cut <= 0:
                cut = block.rfind(" ", 0, limit)
            if cut <= 0:
                cut = limit
            if current:
                pages.append(current)
                current = ""
            pages.append(block[:cut].rstrip())
            block = block[cut:].strip()
        heading = block.startswith("# ") or block.startswith("## ")
        joined = f"{current}\n\n{block}" if current else block
        if len(joined) > limit or (heading and len(current) > limit // 2):
            if current:
                pages.append(current)
            current = block
        else:
            current = joined
    if current:
        pages.append(current)
    return pages or ["(No rules text yet.)"]
