"""The version of wordref, in one place (the package, the built files and the service say it)."""

__version__ = "0.1.0"
