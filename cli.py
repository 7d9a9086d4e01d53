"""The `wordref` command: the root group; every command is registered by solver/commands."""

from __future__ import annotations

import click

from solver import __version__
from solver.commands import register
from solver.commands.common import Wordref


@click.group(cls=Wordref, context_settings={"help_option_names": ["-h", "--help"],
                                            "max_content_width": 100})
@click.version_option(__version__, prog_name="wordref")
def main():
    """An offline referee for word games: which words fit, is the table stumped, does it count.

    \b
    Examples:
      wordref solve extremis --initial B --green UTT --red X
      wordref any extremis -i Q -g Z -r U
      wordref judge extremis -i B -g UTT -r X butter bitter
      wordref judge redyellow --thing "pizza toppings" --yellow H --red L ham
      wordref hint extremis -i B -g UTT -r X --level 2
      wordref lexicon info
    """


register(main)


if __name__ == "__main__":
    main()
