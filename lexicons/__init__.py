"""Lexicon sources, build scripts and the built lexicon files that ship with wordref.

`built/` holds one file per bundled language; `build.py` makes them. Importing this package costs
nothing: the build scripts import their sources only when run.
"""
