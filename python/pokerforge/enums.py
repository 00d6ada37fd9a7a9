"""Int enums that read as text: ``str()`` and plain formatting give a name, not a number.

Python's `IntEnum` prints its value (``print(Category.FLUSH)`` shows ``5`` from
Python 3.11 on, ``Category.FLUSH`` before): neither is what a reader wants. These enums
print their text, the same on every Python; a format spec (``f"{street:d}"``) still formats
the number, and the value is still an ``int`` everywhere else.

Examples:
    >>> class Color(TextEnum):
    ...     DARK_RED = 0
    >>> str(Color.DARK_RED), f"{Color.DARK_RED}", f"{Color.DARK_RED:d}", Color.DARK_RED + 1
    ('dark red', 'dark red', '0', 1)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["TextEnum"]


class TextEnum(IntEnum):
    """An int enum whose ``str()`` is its `text`."""

    @property
    def text(self) -> str:
        """The member's name as words (``DARK_RED`` is ``'dark red'``)."""
        return self.name.lower().replace("_", " ")

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return self.text if not spec else int(self).__format__(spec)
