"""Text that fits a terminal: wrapped between words, never inside an id or a card name.

A terminal that wraps a long line cuts it anywhere (``#5`` / ``8 Mountain``); these
helpers wrap before the text reaches it. An object id stays with the name after it,
and the words of a name stay together (``Zombie Giant``, ``Army of the Damned``),
unless the name alone is wider than the line.
"""

from __future__ import annotations

import re
import textwrap

NBSP = "\u00a0"  # binds two words: textwrap never breaks there
_ID = re.compile(r"#\d+$")
# Small words inside card names: "Army of the Damned", "Jace, the Mind Sculptor".
_LINKS = frozenset({"of", "the", "a", "an", "to", "from", "and", "in", "on", "at", "for", "with"})
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}")


def _capital(word: str) -> bool:
    return bool(word) and word[0].isupper() and word[0].isalpha()


def _ends_phrase(word: str) -> bool:
    return word.endswith((",", ":", ";", ".", ")", "]"))


def bind(text: str) -> str:
    """``text`` with its ids bound to their names and each name's words to each other.

    >>> bind("#58 Mountain (tapped), #59 Army of the Damned").replace(NBSP, "_")
    '#58_Mountain (tapped), #59_Army_of_the_Damned'
    >>> bind("Zombie Giant #305 resolves").replace(NBSP, "_")
    'Zombie_Giant_#305 resolves'
    """
    words = text.split(" ")
    if len(words) < 2:
        return text
    joins = [False] * (len(words) - 1)  # joins[i]: words i and i+1 stay together
    for i in range(len(words) - 1):
        here, after = words[i], words[i + 1]
        if _ends_phrase(here) or not here or not after:
            continue
        if _ID.match(here):
            joins[i] = _capital(after)
        elif _capital(here) and (_capital(after) or _ID.match(after)):
            joins[i] = True
        elif after.startswith("{") and (_capital(here) or here.endswith("}")):
            joins[i] = True  # a card's mana cost stays with its name: Serra Angel {3}{W}{W}
        elif _capital(here) and after in _LINKS:
            # "Army of the Damned": the small words join only if a name word follows.
            j = i + 1
            while j < len(words) and words[j] in _LINKS and not _ends_phrase(words[j]):
                j += 1
            if j < len(words) and _capital(words[j]) and j - i <= 3:
                for k in range(i, j):
                    joins[k] = True
    out = [words[0]]
    for i, join in enumerate(joins):
        out.append((NBSP if join else " ") + words[i + 1])
    return "".join(out)


def wrap_line(text: str, width: int, indent: str = "", subsequent: str | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` columns, wrapped between words.

    >>> wrap_line("lands: #55 Plains, #58 Mountain (tapped), #61 Mountain", 30, "  ")
    ['  lands: #55 Plains,', '    #58 Mountain (tapped),', '    #61 Mountain']
    """
    rest = indent + "  " if subsequent is None else subsequent
    width = max(width, len(rest) + 10)
    if len(indent) + len(text) <= width:
        return [indent + text]
    lines = textwrap.wrap(
        bind(text),
        width,
        initial_indent=indent,
        subsequent_indent=rest,
        break_on_hyphens=False,
        break_long_words=True,
    )
    return [line.replace(NBSP, " ") for line in lines] or [indent]


def fit_help(text: str, width: int) -> str:
    """A help text at ``width`` columns: a line of an example and its meaning wraps under
    the meaning's column."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        column = re.search(r"\S {2,}(?=\S)", line)
        hang = column.end() if column is not None and column.end() < width * 2 // 3 else lead + 2
        out.extend(wrap_line(line.strip(), width, " " * lead, " " * hang))
    return "\n".join(out)


def fit_rules(text: str, width: int) -> str:
    """A rules page (Markdown) at ``width`` columns: prose rewrapped, a table too wide for
    the page set out as one block a row (its first cell, then the others indented).

    >>> print(fit_rules("| Command | What |\\n|---|---|\\n| `pass` | pass priority |", 20))
    `pass`
        pass priority
    """
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    fence = False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence and line.startswith("|"):
            table = []
            while i < len(lines) and lines[i].startswith("|"):
                table.append(lines[i])
                i += 1
            if max(len(row) for row in table) <= width:
                out.extend(table)
            else:
                out.extend(_table_blocks(table, width))
            continue
        if len(line) <= width:
            out.append(line)
        else:
            lead = len(line) - len(line.lstrip(" "))
            bullet = re.match(r"\s*(?:[-*]|\d+\.)\s+", line)
            hang = bullet.end() if bullet is not None else lead
            out.extend(wrap_line(line.strip(), width, " " * lead, " " * hang))
        i += 1
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _cells(row: str) -> list[str]:
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", inner)]


def _table_blocks(rows: list[str], width: int) -> list[str]:
    out: list[str] = []
    header: list[str] = []
    body = rows
    if len(rows) > 1 and _TABLE_RULE.match(rows[1]):
        header, body = _cells(rows[0]), rows[2:]
    for row in body:
        cells = [c for c in _cells(row)]
        if not any(cells):
            continue
        out.extend(wrap_line(cells[0], width, "", "    "))
        for n, cell in enumerate(cells[1:], start=1):
            if not cell:
                continue
            label = f"{header[n]}: " if len(header) > 2 and n < len(header) and header[n] else ""
            out.extend(wrap_line(label + cell, width, "    ", "      "))
    return out
