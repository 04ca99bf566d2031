"""The units offsets are counted in: UTF-8 bytes, code points, UTF-16 units, graphemes.

It sits below everything else in core (notes name units in their arguments, errors word notes),
so it imports nothing of the project.

>>> Unit.parse("codepoints"), Unit.CP.label
(<Unit.CP: 'cp'>, 'code points')
"""

from __future__ import annotations

import enum


class Unit(str, enum.Enum):
    """A unit in which offsets are counted."""

    BYTES = "bytes"
    CP = "cp"
    UTF16 = "utf16"
    GRAPHEME = "grapheme"

    @property
    def label(self) -> str:
        return {"bytes": "UTF-8 bytes", "cp": "code points", "utf16": "UTF-16 units",
                "grapheme": "graphemes"}[self.value]

    @classmethod
    def parse(cls, name: str) -> "Unit":
        """Accept the canonical names and common aliases (``codepoints``, ``chars``...)."""
        aliases = {"byte": "bytes", "b": "bytes", "utf8": "bytes", "codepoints": "cp",
                   "codepoint": "cp", "chars": "cp", "char": "cp", "utf-16": "utf16",
                   "graphemes": "grapheme", "g": "grapheme"}
        key = aliases.get(name.lower(), name.lower())
        try:
            return cls(key)
        except ValueError:
            raise ValueError(f"unknown unit {name!r}; use bytes, cp, utf16 or grapheme") from None
