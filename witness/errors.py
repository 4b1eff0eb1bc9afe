"""Errors that mean "bad input" (the CLI turns them into exit status 2)."""


class InputError(ValueError):
    """Bad user input: a file, an argument or a setting. The message is one line."""
