"""Pieces shared by every `wordref` command module: the root group, options, output, batch mode.

Exit codes: 0 success; 1 a negative answer (judge: some answer invalid; any: nothing fits);
2 a usage error (one line on stderr, never a traceback); 3 no search was made (any: a tap, an
unknown Thing, a red card equal to the yellow one).
"""

from __future__ import annotations

import gc
import importlib
import json
import re
import sys
from typing import Callable

import click

from ..errors import InputError, WordrefError

EXIT_NO, EXIT_USAGE, EXIT_NO_SEARCH = 1, 2, 3


class LazyGroup(click.Group):
    """A group whose commands are imported when a command line names them, not before.

    `lazy` maps a command's name to "module:attribute" ("game move" names a command of the
    group `game`, itself a LazyGroup, handed to it when it loads). A one-shot `wordref any extremis` so
    never imports the card games, the games store, the service or the lexicon build: each
    such module costs milliseconds of start-up that a command which does not use it would pay.
    `--help` and a walk over every command load each one as it is listed.
    """

    def __init__(self, *args, lazy: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx) -> list[str]:
        return sorted({*self.commands, *(name for name in self.lazy if " " not in name)})

    def get_command(self, ctx, name: str):
        target = self.lazy.get(name)
        if target is not None and name not in self.commands:
            module, _, attribute = target.partition(":")
            command = getattr(importlib.import_module(module), attribute)
            if isinstance(command, LazyGroup):  # "group command" entries go to the group
                inner = name + " "
                command.lazy.update({key[len(inner):]: where for key, where in self.lazy.items()
                                     if key.startswith(inner)})
            self.add_command(command, name)
        return super().get_command(ctx, name)


class Wordref(LazyGroup):
    """The root group: every error becomes one line on stderr, never a traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args, prog_name or "wordref", complete_var,
                                standalone_mode=False, **extra)
        except click.UsageError as err:
            where = f" (see '{err.ctx.command_path} --help')" if err.ctx else ""
            code = fail(f"{err.format_message()}{where}", EXIT_USAGE)
        except click.ClickException as err:
            code = fail(err.format_message(), err.exit_code)
        except WordrefError as err:
            code = fail(str(err), EXIT_USAGE)
        except click.Abort:
            code = fail("aborted", 1)
        except BrokenPipeError:
            sys.stderr.close()
            code = 1
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def fail(message: str, code: int) -> int:
    """Print one error line on stderr and return `code`."""
    click.echo(f"wordref: error: {one_line(message)}", err=True)
    return code


def emit(data) -> None:
    """Print one JSON document on one line."""
    click.echo(json.dumps(data, ensure_ascii=False))


def exit_with(code: int) -> None:
    """End the command with `code` (nothing to do for 0)."""
    if code:
        click.get_current_context().exit(code)


def lang_option(f):
    return click.option("--lang", default="en", show_default=True, metavar="CODE",
                        help="Language of the lexicon (see `wordref lexicon info`).")(f)


def tier_option(f):
    return click.option("--tier", type=click.Choice(["all", "common"]), default="all",
                        show_default=True,
                        help="Which words count: the whole lexicon, or only common words.")(f)


def json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(f)


class FilePath(click.Path):
    """click.Path, with a NUL in the name a usage error (click's own check stats the path, and
    os.stat raises ValueError for a NUL)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and "\x00" in value:
            self.fail(f"{value!r} holds a NUL byte: not a file name", param, ctx)
        return super().convert(value, param, ctx)


class TextFile(click.File):
    """A UTF-8 text file ('-' for stdin), read whole: bytes that are not UTF-8 are a usage
    error of one line, not a UnicodeDecodeError. The value is a file object of the text."""

    def __init__(self):
        super().__init__("rb")

    def convert(self, value, param, ctx):
        import io

        opened = super().convert(value, param, ctx)
        try:
            data = opened.read()
        except OSError as err:
            self.fail(f"{value!r} cannot be read: {err.strerror or err}", param, ctx)
        finally:
            if value != "-":
                opened.close()
        try:
            text = io.StringIO(data.decode("utf-8-sig"))
        except UnicodeDecodeError as err:
            self.fail(f"{value!r} is not UTF-8 text (byte {err.start + 1})", param, ctx)
        text.name = getattr(opened, "name", value)
        return text


def batch_option(f):
    # Bytes, decoded a line at a time by run_batch: one undecodable line is answered with an
    # error line instead of ending the whole batch. Lazy: opened when the command reads it,
    # so that a usage error in a later option leaves no file open (click closes its files
    # only once the command has run).
    return click.option("--batch", type=click.File("rb", lazy=True), metavar="FILE",
                        help="Answer one query per line of FILE ('-' for stdin).")(f)


def options(*decorators):
    """Return one decorator applying `decorators` in the order listed."""
    def apply(f):
        for decorator in reversed(decorators):
            f = decorator(f)
        return f
    return apply


def run_batch(source, answer: Callable[[str, int], tuple[str, int]], as_json: bool) -> int:
    """Answer each line of `source` (bytes) with answer(line, number) -> (output line, code).

    One output line per input line. Return the batch's exit code: 2 if any line could not be
    read (not UTF-8, or not a query; an error line is printed in its place), else 1 if any
    answer was negative, else 3 if any line made no search, else 0.
    """
    # What start-up made lives as long as the process: moved out of the collector's sight, the
    # batch's full collections no longer walk it (26 M instructions of the 20,000-solve mix).
    gc.freeze()
    out, codes = [], set()
    write, add, append = sys.stdout.write, codes.add, out.append
    for number, raw in enumerate(source, 1):
        try:
            text, code = answer(raw.decode("utf-8-sig" if number == 1 else "utf-8")
                                .rstrip("\r\n"), number)
        except UnicodeDecodeError as err:
            text, code = batch_error(f"line {number} is not UTF-8 (byte {err.start + 1})",
                                     number, as_json), EXIT_USAGE
        except WordrefError as err:
            text, code = batch_error(str(err), number, as_json), EXIT_USAGE
        append(text)
        add(code)
        if len(out) >= 4096:  # about 100 KB of JSON a write
            write("\n".join(out) + "\n")
            out.clear()
    if out:
        write("\n".join(out) + "\n")
    sys.stdout.flush()
    return next((c for c in (EXIT_USAGE, EXIT_NO, EXIT_NO_SEARCH) if c in codes), 0)


def batch_error(message: str, number: int, as_json: bool) -> str:
    """Return the line a --batch prints in place of a line it could not answer."""
    return (json.dumps({"error": message, "line": number}, ensure_ascii=False) if as_json
            else one_line(f"error: {message}"))


def one_line(text: str) -> str:
    """Return `text` on one line: line breaks (and the indents after them) become one space,
    other control characters are shown as escapes."""
    if text.isprintable():  # the common case, at C speed: nothing to replace
        return text
    text = re.sub(r"[ \t]*[\r\n]+[ \t]*", " ", text)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def fields(line: str, number: int, names: list[str], sep: str | None = None) -> list[str]:
    """Split a batch line into len(names) fields ('-' for an empty one); the last takes the rest."""
    parts = line.split(sep, len(names) - 1) if sep else line.split(None, len(names) - 1)
    if len(parts) < len(names):
        raise InputError(f"line {number}: expected {' '.join(names)}"
                         + (" (tab-separated)" if sep == "\t" else "") + " ('-' for none)")
    return ["" if p.strip() == "-" else p.strip() for p in parts]


def comma_list(text: str) -> list[str]:
    """Return the items of "a, b,c" (empty ones left out)."""
    return [item.strip() for item in text.split(",") if item.strip()]


def key_values(items) -> dict:
    """Return repeated KEY=VALUE options as a dict of JSON values (strings where not JSON)."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise click.UsageError(f"--option {item!r}: expected KEY=VALUE")
        try:
            out[key.strip()] = json.loads(value)
        except ValueError:
            out[key.strip()] = value.strip()
    return out
