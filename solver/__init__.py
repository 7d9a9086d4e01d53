"""wordref: an offline referee for word games.

Start with `Lexicon.open("en")` (lexicon.py), then the game modules: `extremis` for In Extremis.
"""

__version__ = "0.1.0"
