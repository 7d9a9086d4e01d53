"""Record: the small value classes of the word verbs' path (Reason, Verdict, Entry, WordFilter,
Alphabet), compared, hashed and shown by their fields, as dataclasses would make them.

Why not dataclasses: on a one-shot `wordref any extremis`, importing dataclasses and making those
five classes with it cost about 26 million instructions (valgrind), 8 ms of a start-up whose goal
is 60 ms above Python's own: @dataclass writes each method as source text and compiles it.
A subclass names its fields in `_fields` and sets them in its own __init__ (a frozen one takes
them in that order).
"""

from __future__ import annotations


class Record:
    """A value compared and shown by the fields named in `_fields` (unhashable: it may change)."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    __hash__ = None

    def _values(self) -> tuple:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({shown})"


class FrozenRecord(Record):
    """A Record that cannot change once made, and so is hashed by its fields. Its __init__
    sets each field with object.__setattr__."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self):  # pickle and copy: made again through __init__, fields in order
        return self.__class__, self._values()
