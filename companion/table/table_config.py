"""What the table session needs from the configuration, checked as it is made."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..bots import BOTS
from ..engine import HouseRule, Module, SetupPart
from .bounded_call import PLAYER_TIME_LIMIT


@dataclass
class TableConfig:
    """What the table session needs from the configuration."""

    seats: int = 8
    roles: str = "physical"  # or "dealt"
    house_rules: frozenset[HouseRule] = frozenset()
    modules: frozenset[Module] = frozenset()  # the defaults; the set-up's DIE buttons change them
    real_piles: frozenset[str] = frozenset()
    state_dir: Path | None = None
    double_press: float = 0.15  # seconds: the same button again this soon is a bounce
    # The modules' set-up parts the configuration chooses, given to games with their module on.
    parts: tuple[SetupPart, ...] = ()
    cards_mixed: bool = False  # Old Saloon 3: normal and special role cards mixed by type
    bots: tuple[int, ...] = ()  # seats the box plays from the start of a set-up
    bot_pause: float = 1.0  # seconds the table sees a choice of the box coming
    bot_player: str = "rules"  # the computer player of the box's seats (companion/bots)
    bot_players: dict[int, str] = field(default_factory=dict)  # another player for a seat
    bot_time_limit: float = PLAYER_TIME_LIMIT  # seconds a player may think; then the fallback

    def __post_init__(self) -> None:
        if self.roles not in ("physical", "dealt"):
            raise ValueError(f"roles must be 'physical' or 'dealt', not {self.roles!r}")
        if not 3 <= self.seats <= 8:
            raise ValueError(f"a table has 3 to 8 seats, not {self.seats}")
        if any(not 1 <= seat <= self.seats for seat in self.bots):
            raise ValueError(f"the box's seats {self.bots} are not all seats 1 to {self.seats}")
        for player in (self.bot_player, *self.bot_players.values()):
            if player not in BOTS:
                raise ValueError(f"unknown player {player!r}: expected one of {', '.join(BOTS)}")
        if any(seat not in self.bots for seat in self.bot_players):
            raise ValueError(f"players {self.bot_players} for seats the box does not play")

    def player_for(self, seat: int) -> str:
        """The computer player of a seat the box plays (a seat held at set-up: bot_player)."""
        return self.bot_players.get(seat, self.bot_player)
