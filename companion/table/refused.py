"""The table's answer to a press that means nothing now."""

from ..engine import CompanionError


class Refused(CompanionError):
    """A press that means nothing now: the message says why; nothing changed."""
