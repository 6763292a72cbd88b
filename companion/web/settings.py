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
DEFAULT_STREAMS_PER_ADDRESS = 4  # a phone's tabs: one address never takes every stream
DEFAULT_MAX_CONNECTIONS = 256  # a room of phones opening the page at once, each with a few
DEFAULT_CONNECTIONS_PER_ADDRESS = 16  # a browser opens six at most to one host
DEFAULT_HEADER_TIMEOUT = 10.0  # seconds from a request's first byte to its last header
DEFAULT_IDLE_TIMEOUT = 20.0  # seconds a connection may say nothing, or take nothing it is sent
MAX_CLIENTS = 200  # fifty readers are tested; four times that still fits a Pi Zero 2 W
# The unit's LimitNOFILE is 1024: the connections at most, the journal, the devices and the
# libraries' files stay well below it, so accept() never runs out of descriptors.
MAX_CONNECTIONS = 400


@dataclass(frozen=True)
class WebSettings:
    """Whether to serve the public page, where, how many clients at what rate, and how long a
    connection may take over its request or stay silent.

    ``port`` 0 takes any free port (said in the log): for tests and benchmarks.
    """

    enabled: bool = False
    address: str = DEFAULT_ADDRESS
    port: int = DEFAULT_PORT
    max_clients: int = DEFAULT_MAX_CLIENTS
    requests_per_minute: int = DEFAULT_REQUESTS_PER_MINUTE
    streams_per_address: int = DEFAULT_STREAMS_PER_ADDRESS
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    connections_per_address: int = DEFAULT_CONNECTIONS_PER_ADDRESS
    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT


class WebPageError(CompanionError, RuntimeError):
    """The page could not be served (the port taken, no such address on this machine)."""
