"""Split a rules text into pages that fit one embed, breaking at sections, and name each page.

A page is one `#`/`##` section where it can be: a short section is merged with its neighbour, a
long one is cut at paragraphs into pages of about the same size, and a heading always stays with
the text under it. Each page is named by its section for the page picker ("3. A turn"): by the
page's own heading, so a translated page names its pages in its language; the few words added here
("(continued)") come from the catalogs. A translation is paged as its English is (`pages_like`).
"""

from __future__ import annotations

import math
import re

from bot.basics.words import Words, words_for

#: Comfortably under an embed description's 4096 characters, and short enough to read at once.
PAGE_CHARS = 1800
#: Below this a page is merged with a neighbour when they fit together.
MIN_PAGE_CHARS = 400
#: The most a translation's pages grow over its English's (`pages_like`): 3,600 characters, still
#: within an embed's description.
MOST_SCALE = 2.0
#: Heading lines that start a section of their own page (`###` and deeper stay inside one).
_SECTION = re.compile(r"^#{1,2} ")
_HEADING = re.compile(r"^#{1,6} ")

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


def _joined(blocks: list[str]) -> str:
    return "\n\n".join(blocks)


def _size(blocks: list[str]) -> int:
    return len(_joined(blocks))


def _cut_block(block: str, limit: int) -> list[str]:
    """A block longer than `limit` cut at its last line break or space before the limit."""
    pieces = []
    while len(block) > limit:
        cut = block.rfind("\n", 0, limit)
        if cut <= 0:
            cut = block.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        pieces.append(block[:cut].rstrip())
        block = block[cut:].strip()
    return [*pieces, block] if block else pieces


def _sections(text: str, limit: int) -> list[list[str]]:
    """The text's blocks (paragraphs, lists, headings) grouped by `#`/`##` heading."""
    sections: list[list[str]] = []
    for raw in text.strip().split("\n\n"):
        block = raw.strip()
        if not block:
            continue
        if _SECTION.match(block) or not sections:
            sections.append([])
        sections[-1].extend(_cut_block(block, limit))
    return sections


def _merge_short(sections: list[list[str]], minimum: int) -> list[list[str]]:
    """Sections too short for a page of their own (a title and its introduction, a heading over a
    few lines) joined to the section after them (the last one: to the one before)."""
    merged: list[list[str]] = []
    waiting: list[str] = []
    for section in sections:
        waiting = waiting + section
        if _size(waiting) >= minimum:
            merged.append(waiting)
            waiting = []
    if waiting:
        if merged:
            merged[-1] = merged[-1] + waiting
        else:
            merged.append(waiting)
    return merged


def _cut_section(blocks: list[str], limit: int, minimum: int) -> list[list[str]]:
    """A section in pages of about equal size, each at most `limit`, cut between blocks; a heading
    never ends a page."""
    if _size(blocks) <= limit:
        return [blocks]
    target = _size(blocks) / math.ceil(_size(blocks) / limit)
    pages: list[list[str]] = []
    current: list[str] = []
    for block in blocks:
        if current:
            joined = _size([*current, block])
            too_long = joined > limit
            closer_without = abs(_size(current) - target) <= abs(joined - target)
            if too_long or (_size(current) >= minimum and closer_without):
                carried: list[str] = []  # headings at the end go with the text under them
                while current and _HEADING.match(current[-1]):
                    carried.insert(0, current.pop())
                if current:
                    pages.append(current)
                current = carried
        current.append(block)
    if current:
        pages.append(current)
    return pages


def _merge_small_pages(pages: list[list[str]], limit: int, minimum: int) -> list[list[str]]:
    """A page shorter than the minimum joined to a neighbour it fits with."""
    out: list[list[str]] = []
    for page in pages:
        small = out and (_size(page) < minimum or _size(out[-1]) < minimum)
        if small and _size([*out[-1], *page]) <= limit:
            out[-1] = [*out[-1], *page]
            continue
        out.append(page)
    return out


def split_pages(
    text: str, limit: int = PAGE_CHARS, words: Words | None = None, *, scale: float = 1.0
) -> list[str]:
    """Pages of at most `limit` characters, one `#`/`##` section each where possible: short
    sections merged with a neighbour, long ones cut at paragraphs into pages of similar size
    (`words`: the reader's, for the line that says there is no text; default English). `scale`
    grows the limit and the minimum alike, for a translation (`pages_like`)."""
    limit, minimum = round(limit * scale), round(MIN_PAGE_CHARS * scale)
    sections = _merge_short(_sections(text, limit), minimum)
    pages = [page for section in sections for page in _cut_section(section, limit, minimum)]
    found = [_joined(page) for page in _merge_small_pages(pages, limit, minimum)]
    return found or [(words or words_for(None)).text("(No rules text yet.)")]


def pages_like(text: str, english: str, words: Words | None = None) -> list[str]:
    """A translated text's pages, paged as its English `english` is: a translation runs longer
    (French about 1.2 times), so its page limits grow by as much, its pages break where the
    English ones do, and a page number names the same sections in every language. The English
    itself (or a text as long) pages as `split_pages` does."""
    scale = min(max(len(text) / len(english), 1.0), MOST_SCALE) if english else 1.0
    return split_pages(text, words=words, scale=scale)


def _headings(page: str) -> list[str]:
    """The `#`/`##` headings of a page, in order, without their marks."""
    return [line.lstrip("#").strip() for line in page.splitlines() if _SECTION.match(line)]


def page_titles(pages: list[str], words: Words | None = None) -> list[str]:
    """Each page's name for the picker, numbered: its first `##` section ("2. Setting up"), else
    its title, else the section it continues ("3. Setting up (continued)", in `words`' language:
    default English)."""
    said = words or words_for(None)
    titles: list[str] = []
    last = ""
    for number, page in enumerate(pages, start=1):
        subsections = [line[3:].strip() for line in page.splitlines() if line.startswith("## ")]
        headings = _headings(page)
        if subsections:
            name = subsections[0]
        elif headings:
            name = headings[0]
        elif last:
            name = said.text("{section} (continued)", section=last)
        else:
            name = said.text("Page {number}", number=said.number(number))
        if headings:
            last = (subsections or headings)[-1]
        titles.append(f"{number}. {name}")
    return titles
