"""Verdicts: whether an answer counts, and every rule it breaks, as a code and a sentence.

Both word games share these shapes, and so do the CLI's --json output and the HTTP API.
"""

from __future__ import annotations

from .record import FrozenRecord, Record

# The longest answer (or Thing) anyone says at a table, in characters. Longer text is refused as
# invalid input before any search: suggestions for a non-word cost time that grows with the
# square of its length (5,000 letters 0.7 s, 50,000 letters 48 s).
MAX_TEXT = 200

# Every reason code wordref gives, with what it means. The CLI and the service document these.
REASON_CODES = {
    "invalid_input": "the answer holds something other than letters",
    "not_a_word": "the answer is not in the lexicon",
    "not_common": "the word is not in the common tier that the table asked for",
    "conjugated_verb": "the word is a conjugated verb form, which the French rules forbid",
    "wrong_initial": "the answer does not start with the initial (or yellow) letter",
    "missing_letter": "the answer lacks a green letter, or holds it too few times",
    "red_letter": "the answer holds a red letter",
    "initial_repeated": "the red card is the initial letter, and the answer repeats it",
    "tap": "a red and a green card of one letter are in play: no word is sought",
    "not_in_category": "the answer is not a member of the Thing's category",
    "unknown_category": "the Thing was not understood: the table decides",
    "already_used": "the answer was already given for this Thing",
    "redraw_red": "the red card equals the yellow one: it goes back and another is revealed",
    "stale_round": "the answer was sent for cards that are no longer in play",
}


class Reason(FrozenRecord):
    """One rule an answer breaks."""

    __slots__ = ("code", "message")
    _fields = __slots__

    def __init__(self, code: str, message: str):
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "message", message)

    def to_json(self) -> dict:
        """Return the reason as a JSON object."""
        return {"code": self.code, "message": self.message}


class Verdict(Record):
    """The ruling on one answer: valid, invalid (with reasons), or None when the table decides."""

    __slots__ = ("answer", "valid", "reasons", "word", "zipf", "common", "suggestions",
                 "status", "extra")
    _fields = __slots__

    def __init__(self, answer: str, valid: bool | None, reasons: list[Reason] | None = None,
                 word: str | None = None, zipf: float | None = None,
                 common: bool | None = None, suggestions: list[str] | None = None,
                 status: str = "ok", extra: dict | None = None):
        self.answer, self.valid, self.word, self.zipf, self.common = (answer, valid, word,
                                                                      zipf, common)
        self.reasons = [] if reasons is None else reasons
        self.suggestions = [] if suggestions is None else suggestions
        self.status = status
        self.extra = {} if extra is None else extra

    @property
    def codes(self) -> list[str]:
        """Return the codes of the reasons, in order."""
        return [r.code for r in self.reasons]

    def to_json(self) -> dict:
        """Return the verdict as the JSON object the CLI and the service print."""
        out = {"answer": self.answer, "valid": self.valid,
               "reasons": [r.to_json() for r in self.reasons], "word": self.word,
               "zipf": self.zipf, "common": self.common, "suggestions": self.suggestions,
               "status": self.status}
        out.update(self.extra)
        return out

    def summary(self) -> str:
        """Return one line for people: "butter: valid (zipf 4.1)" or the reasons."""
        if self.valid:
            how = f" (zipf {self.zipf:.1f})" if self.zipf is not None else ""
            return f"{self.answer}: valid{how}"
        head = "the table decides" if self.valid is None else "invalid"
        why = "; ".join(r.message for r in self.reasons)
        line = f"{self.answer}: {head}: {why}" if why else f"{self.answer}: {head}"
        if self.suggestions:
            line += f" (did you mean {', '.join(self.suggestions)}?)"
        if self.extra.get("note"):
            line += f"; {self.extra['note']}"
        return line


def too_long(answer: str, **extra) -> Verdict | None:
    """Return the refusal of an answer longer than MAX_TEXT characters, else None."""
    if len(answer) <= MAX_TEXT:
        return None
    return Verdict(answer[:MAX_TEXT], False, [Reason(
        "invalid_input", f"an answer is at most {MAX_TEXT} characters")], extra=extra)
