"""A layout message (Discord's Components V2 JSON) drawn roughly as Discord's dark theme shows it.

For the README only (`python -m bot.publish.snapshots`): the living table and a hand as a player
sees them, from the very component tree the bot sends, with its pictures. Text displays get the
Markdown the bot writes (`## ` headings, `**bold**`, `-# ` small lines, `> ` quotes, `<t:…:R>`
times); buttons and menus are drawn as Discord draws them, without their behaviour.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from bot.pictures import canvas as cv

WIDTH = 560
PAD = 14
BACKGROUND = (49, 51, 56)
CONTAINER = (43, 45, 49)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
MENU = (30, 31, 34)
STYLES = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60)}
DISABLED = (60, 62, 68)
TIME = re.compile(r"<t:\d+:R>")


def _words(line: str) -> list[tuple[str, bool]]:
    """(word, bold) pairs of one line of Markdown (`**` toggles bold; code ticks dropped)."""
    out: list[tuple[str, bool]] = []
    for index, part in enumerate(TIME.sub("in 10 minutes", line).replace("`", "").split("**")):
        out += [(word, index % 2 == 1) for word in part.split()]
    return out


def _text_height(content: str, width: int) -> int:
    return _draw_text(None, content, 0, 0, width)


def _draw_text(image: Image.Image | None, content: str, x: int, y: int, width: int) -> int:
    """Draw (or, without `image`, measure) a text display; the height it takes."""
    top = y
    for raw in content.split("\n"):
        size, colour, indent, bold_all = 15, TEXT, 0, False
        line = raw
        if line.startswith("## "):
            size, bold_all, line = 20, True, line[3:]
        elif line.startswith("-# "):
            size, colour, line = 12, MUTED, line[3:]
        elif line.startswith("> "):
            indent, line = 12, line[2:]
            if image is not None:
                ImageDraw.Draw(image).rectangle((x, y, x + 3, y + cv.line_height(size)), fill=MUTED)
        if not line.strip():
            y += cv.line_height(size) // 2
            continue
        cursor, height = x + indent, cv.line_height(size)
        for word, bold in _words(line):
            bold = bold or bold_all
            step = cv.text_width(word + " ", size, bold)
            if cursor + step > x + width and cursor > x + indent:
                cursor, y = x + indent, y + height
            if image is not None:
                cv.draw_text(image, (cursor, y), word, size, colour, bold=bold)
            cursor += step
        y += height + 2
    return y - top + 4


def _row_height(row: dict[str, Any]) -> int:
    return 40


def _draw_row(image: Image.Image, row: dict[str, Any], x: int, y: int, width: int) -> None:
    draw = ImageDraw.Draw(image)
    cursor = x
    buttons = [b for b in row.get("components", []) if b.get("type") == 2]
    room = width - 8 * max(len(buttons) - 1, 0)
    natural = [cv.text_width(str(b.get("label", "")), 14) + 28 for b in buttons]
    share = room // max(len(buttons), 1)
    for item in row.get("components", []):
        if item.get("type") == 2:
            label = str(item.get("label", ""))
            size = 14
            w = natural[buttons.index(item)] if sum(natural) <= room else share
            fill = DISABLED if item.get("disabled") else STYLES.get(int(item.get("style", 2)), STYLES[2])
            draw.rounded_rectangle((cursor, y, cursor + w, y + 32), radius=6, fill=fill)
            shown = cv.clip_text(label, w - 20, size)
            cv.draw_text(image, (cursor + w / 2, y + 16), shown, size, (255, 255, 255), anchor="mm")
            cursor += w + 8
        elif item.get("type") == 3:
            draw.rounded_rectangle((cursor, y, x + width, y + 34), radius=6, fill=MENU)
            placeholder = cv.clip_text(str(item.get("placeholder", "")), width - 50, 14)
            cv.draw_text(image, (cursor + 12, y + 17), placeholder, 14, MUTED, anchor="lm")
            cv.draw_text(image, (x + width - 18, y + 17), "v", 14, MUTED, anchor="mm")


def _height(items: list[dict[str, Any]], pictures: dict[str, Image.Image], width: int) -> int:
    total = 0
    for item in items:
        kind = item.get("type")
        if kind == 10:
            total += _text_height(str(item.get("content", "")), width)
        elif kind == 12:
            for media in item.get("items", []):
                name = str(media["media"]["url"]).removeprefix("attachment://")
                if name in pictures:
                    picture = pictures[name]
                    total += round(picture.height * width / picture.width) + 8
        elif kind == 14:
            total += 14
        elif kind == 1:
            total += _row_height(item)
        elif kind == 17:
            total += _height(list(item.get("components", [])), pictures, width - 2 * PAD) + 2 * PAD + 8
    return total


def _draw(
    image: Image.Image,
    items: list[dict[str, Any]],
    pictures: dict[str, Image.Image],
    x: int,
    y: int,
    width: int,
) -> int:
    for item in items:
        kind = item.get("type")
        if kind == 10:
            y += _draw_text(image, str(item.get("content", "")), x, y, width)
        elif kind == 12:
            for media in item.get("items", []):
                name = str(media["media"]["url"]).removeprefix("attachment://")
                if name in pictures:
                    picture = pictures[name]
                    shown = picture.convert("RGB").resize(
                        (width, round(picture.height * width / picture.width))
                    )
                    image.paste(shown, (x, y))
                    y += shown.height + 8
        elif kind == 14:
            ImageDraw.Draw(image).line((x, y + 6, x + width, y + 6), fill=(63, 65, 71), width=1)
            y += 14
        elif kind == 1:
            _draw_row(image, item, x, y, width)
            y += _row_height(item)
        elif kind == 17:
            inner = _height(list(item.get("components", [])), pictures, width - 2 * PAD)
            draw = ImageDraw.Draw(image)
            draw.rounded_rectangle((x, y, x + width, y + inner + 2 * PAD), radius=8, fill=CONTAINER)
            accent = int(item.get("accent_color") or 0)
            draw.rectangle(
                (x, y, x + 4, y + inner + 2 * PAD),
                fill=((accent >> 16) & 255, (accent >> 8) & 255, accent & 255),
            )
            _draw(image, list(item.get("components", [])), pictures, x + PAD, y + PAD, width - 2 * PAD)
            y += inner + 2 * PAD + 8
    return y


def preview(
    components: list[dict[str, Any]], pictures: dict[str, Image.Image], author: str = "Garden Club"
) -> Image.Image:
    """The message drawn: the bot's name, then its component tree; `pictures` by attachment name."""
    width = WIDTH - 2 * PAD
    height = _height(components, pictures, width) + 2 * PAD + 28
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    cv.draw_text(image, (PAD, PAD), author, 15, (255, 255, 255), bold=True)
    badge = PAD + cv.text_width(author, 15, True) + 8
    ImageDraw.Draw(image).rounded_rectangle((badge, PAD + 1, badge + 34, PAD + 17), radius=3, fill=STYLES[1])
    cv.draw_text(image, (badge + 17, PAD + 9), "APP", 11, (255, 255, 255), anchor="mm", bold=True)
    _draw(image, components, pictures, PAD, PAD + 28, width)
    return image
