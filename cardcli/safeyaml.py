"""Loading YAML that a user wrote, safely: no code, no alias bombs, no huge files.

Only ``yaml.SafeLoader`` constructs objects, and anchors/aliases are refused
outright (decklists and card files never need them, and an alias bomb is the
one way a small safe YAML file can eat all memory).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from cardcli.engine.errors import CardcliError, UsageError
from cardcli.printable import one_line

MAX_YAML_BYTES = 8 * 1024 * 1024
MAX_NUMBER_DIGITS = 40  # no count, cost or P/T needs more; a longer one is not data


class YamlError(CardcliError):
    """A YAML file that cannot be used: exit code 2."""

    exit_code = 2


def read_text(path: Path, limit: int = MAX_YAML_BYTES) -> str:
    """A text file's contents; refuses devices, pipes, binary and over-large files."""
    import sys

    from cardcli.files import STDIN, open_input

    name = "<stdin>" if str(path) == STDIN else one_line(str(path))
    try:
        if str(path) == STDIN:  # read, never closed: stdin is not ours to close
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open_input(str(path)) as handle:
                data = handle.read(limit + 1)  # never more than the limit, whatever stat says
    except OSError as err:
        raise UsageError(f"{name}: {err.strerror or err}") from None
    if len(data) > limit:
        raise YamlError(f"{name}: too big (more than {limit} bytes)")
    if b"\0" in data[:8192]:
        raise YamlError(f"{name}: a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise YamlError(f"{name}: not UTF-8 text (byte {err.start})") from None


LINE_KEY = "__line__"
KEY_LINES = "__key_lines__"  # with lines: {key: the line of its value} of a mapping


class LinedList(list[Any]):
    """A YAML sequence read with ``lines``: ``lines[i]`` is the line of item ``i``."""

    lines: list[int]


def load_yaml(text: str, name: str, lines: bool = False) -> Any:
    """Parse ``text``; with ``lines`` every mapping gets its line as ``__line__``.

    libyaml (``yaml.CSafeLoader``) parses first where it is installed, ten times
    faster than PyYAML's own parser, and the same constructors build the data. A
    text libyaml refuses, one with an alias, or one holding a character the two
    parsers are known to read differently (a tab, a carriage return, a Unicode
    line break) is read by PyYAML's parser instead, which says where the problem is.
    """
    import yaml

    fast = _load_with_libyaml(yaml, text, name, lines)
    if fast is not _NOT_READ:
        return fast
    loader = _loader(yaml, yaml.SafeLoader, name, lines)
    try:
        # A SafeLoader subclass: no Python objects can be built from the text.
        return yaml.load(text, Loader=loader)
    except YamlError:
        raise
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f":{mark.line + 1}" if mark is not None else ""
        raise YamlError(f"{name}{where}: broken YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise YamlError(f"{name}: broken YAML: {err}") from None
    except RecursionError:
        raise YamlError(f"{name}: YAML nested too deeply") from None


_NOT_READ: Any = object()
_LIBYAML_DIFFERS = re.compile("[\t\r\x85\u2028\u2029]")  # read differently by the two parsers


def _load_with_libyaml(yaml: Any, text: str, name: str, lines: bool) -> Any:
    """``text`` parsed by libyaml, built by the constructors of ``_loader``; ``_NOT_READ``
    for any text it refuses or that PyYAML's parser should read (see ``load_yaml``)."""
    base = getattr(yaml, "CSafeLoader", None)
    if base is None or _LIBYAML_DIFFERS.search(text):
        return _NOT_READ
    try:
        loader = _loader(yaml, base, name, lines)(text)
    except Exception:  # the slow reader says what is wrong
        return _NOT_READ
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _shares_nodes(node):
            return _NOT_READ  # an alias (*name), refused at its line by the slow reader; or deep
        return loader.construct_document(node)
    except Exception:  # the slow reader says what is wrong, and where
        return _NOT_READ
    finally:
        loader.dispose()


FAST_DEPTH = 64  # deeper text is left to PyYAML's parser, whose recursion decides it


def _shares_nodes(root: Any) -> bool:
    """Whether a node is reached twice (libyaml composes an alias as its anchor's node),
    or lies deeper than ``FAST_DEPTH``."""
    seen: set[int] = set()
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen or depth > FAST_DEPTH:
            return True
        seen.add(id(node))
        value = node.value
        if isinstance(value, list):
            for item in value:
                if isinstance(item, tuple):
                    stack.extend((part, depth + 1) for part in item)
                else:
                    stack.append((item, depth + 1))
    return False


def _loader(yaml: Any, base: Any, name: str, lines: bool) -> Any:
    """``base`` (a safe loader) refusing aliases and overlong numbers; with ``lines``
    keeping the line of every mapping, mapping value and sequence item."""

    class NoAliasLoader(base):  # type: ignore[misc]
        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()
                line = event.start_mark.line + 1
                raise YamlError(f"{name}:{line}: YAML aliases (*name) are not allowed here")
            return super().compose_node(parent, index)

        def construct_yaml_int(self, node: Any) -> Any:
            digits = len(str(node.value).replace("_", "").lstrip("+-"))
            if digits > MAX_NUMBER_DIGITS:
                line = node.start_mark.line + 1
                raise YamlError(
                    f"{name}:{line}: a number of {digits} digits (at most {MAX_NUMBER_DIGITS})"
                )
            return super().construct_yaml_int(node)

        def construct_yaml_float(self, node: Any) -> Any:
            value = super().construct_yaml_float(node)
            if not math.isfinite(value) or len(str(node.value)) > MAX_NUMBER_DIGITS:
                line = node.start_mark.line + 1
                shown = str(node.value)[:20]
                raise YamlError(f"{name}:{line}: {shown} is not a number cardcli reads")
            return value

        def construct_lined_sequence(self, node: Any) -> Any:
            items = LinedList()
            items.lines = [child.start_mark.line + 1 for child in node.value]
            yield items
            items.extend(self.construct_sequence(node))

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            mapping = super().construct_mapping(node, deep=deep)
            if lines:
                mapping[LINE_KEY] = node.start_mark.line + 1
                mapping[KEY_LINES] = {
                    key.value: value.start_mark.line + 1
                    for key, value in node.value
                    if isinstance(key.value, str)
                }
            return mapping

    NoAliasLoader.add_constructor("tag:yaml.org,2002:int", NoAliasLoader.construct_yaml_int)
    NoAliasLoader.add_constructor("tag:yaml.org,2002:float", NoAliasLoader.construct_yaml_float)
    if lines:
        NoAliasLoader.add_constructor(
            "tag:yaml.org,2002:seq", NoAliasLoader.construct_lined_sequence
        )
    return NoAliasLoader


def load_yaml_file(path: Path, lines: bool = False) -> Any:
    return load_yaml(read_text(path), str(path), lines)


def without_lines(value: Any) -> Any:
    """A copy of ``value`` with the ``__line__`` keys taken out."""
    if isinstance(value, dict):
        return {k: without_lines(v) for k, v in value.items() if k not in (LINE_KEY, KEY_LINES)}
    if isinstance(value, list):
        return [without_lines(v) for v in value]
    return value
