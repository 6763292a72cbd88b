"""The ``[web]`` section as the server takes it: off unless the owner turns it on."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CompanionError

# Listening on every interface: the page is for the phones on the table's network, and it is
# served only once the owner turns it on (127.0.0.1 would make that switch do nothing on a Pi).
DEFAULT_ADDRESS = "0.0.0.0"
DEFAULT_PORT = 8080  # above 1023: the service runs unprivileged, with no capabilities
DEFAULT_MAX_CLIENTS = 16  # eight players and as many onlookers
DEFAULT_REQUESTS_PER_MINUTE = 60  # per address: a page and its reconnects, never a flood
MAX_CLIENTS = 200  # fifty readers are tested; four times that still fits a Pi Zero 2 W


@dataclass(frozen=True)
class WebSettings:
    """Whether to serve the public page, where, and how many clients at what rate.

    ``port`` 0 takes any free port (said in the log): for tests and benchmarks.
    """

    enabled: bool = False
    address: str = DEFAULT_ADDRESS
    port: int = DEFAULT_PORT
    max_clients: int = DEFAULT_MAX_CLIENTS
    requests_per_minute: int = DEFAULT_REQUESTS_PER_MINUTE


class WebPageError(CompanionError, RuntimeError):
    """The page could not be served (the port taken, no such address on this machine)."""
