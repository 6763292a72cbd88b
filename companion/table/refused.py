"""The table's answer to a press that means nothing now."""


class Refused(Exception):
    """A press that means nothing now: the message says why; nothing changed."""
