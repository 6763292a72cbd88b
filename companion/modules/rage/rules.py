"""Undead or Alive, Module 2 (Two Bullets Are Enough): the Rage cards, a physical deck.

The engine never knows a card (ruling UA2): it counts the cards in the pile, the discards and
each seat's hand, tells who draws, and at the start of the owner's turn asks for the revealed
symbols, one press each; they join the turn's results, arrows taken at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine import (
    Action,
    Answer,
    Choose,
    Decision,
    Decline,
    ModuleInfo,
    ModuleRules,
    Part,
    PlayerState,
    RuleGame,
    Spec,
    StateError,
    declare_kind,
    declare_module,
    declare_pile,
    declare_trait,
    dice_showing,
    gained,
    in_play,
    returned,
    state_parts,
    still_rolling,
)
from companion.engine.registry import decision, one_of_options, step
from companion.engine.steps import Step, take_arrow

from .events import RageDiscarded, RageDrawn, RageRevealed, RageShuffled, RageSymbolEntered

ID = declare_module("undead_or_alive.2", ModuleInfo("Two Bullets Are Enough"))
RAGE_CARDS = 18  # the physical deck's size: the engine counts the cards, never knows one
# The deck's contents are unknown: only its size, the symbols a card may be entered with (one
# DIE button each) and a bound on symbols per card (so that entering always ends) are assumed.
RAGE_SYMBOLS: tuple[str, ...] = ("arrow", "dynamite", "bullseye1", "bullseye2", "beer", "gatling")
RAGE_SYMBOLS_PER_CARD = 3
RAGE_CAUSE = "rage"  # an arrow a revealed card's symbol gives
# The Rage cards a player draws to keep one of them (Undead or Alive 3's Pixie Pete: two).
DRAWS_RAGE = declare_trait(ID, "draws_rage", 1)


@dataclass(frozen=True, slots=True)
class RagePlayer(Part):
    """The Rage cards a seat holds face down, those it revealed this turn, and the symbols
    entered for them."""

    rage_held: int = 0
    rage_revealed: int = 0
    rage_symbols: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RageGame(Part):
    """The Rage cards in the draw pile and in the discards."""

    rage_pile: int = 0
    rage_discard: int = 0


@dataclass(frozen=True, slots=True)
class RageTurn(Part):
    """A Beer kept this turn draws a Rage card at its end."""

    beer_rage: bool = False


state_parts(
    ID,
    player=(RagePlayer, "alive"),
    game=(RageGame, "preset"),
    scratch=(RageTurn, "lost"),
)


def cards_held(player: PlayerState) -> int:
    """The Rage cards ``player`` holds face down."""
    return RagePlayer.of(player).rage_held


def move_card(giver: PlayerState, taker: PlayerState) -> None:
    """One card held face down moves from ``giver`` to ``taker`` (a character's power)."""
    RagePlayer.change(giver, rage_held=RagePlayer.of(giver).rage_held - 1)
    RagePlayer.change(taker, rage_held=RagePlayer.of(taker).rage_held + 1)


def _follow_pile(data: dict[str, Any], before: list[dict[str, Any]], table: Any) -> None:
    """The cards a seat gains in a position come out of the draw pile."""
    if "rage_pile" not in table:
        data["rage_pile"] -= gained(data, before, "rage_held") + gained(
            data, before, "rage_revealed"
        )


declare_pile(_follow_pile)


def _fits_rage_symbol(game: RuleGame, d: Decision) -> str | None:
    p = RagePlayer.of(game.players[d.seat])
    if d.options != RAGE_SYMBOLS or not p.rage_revealed:
        return f"options {list(d.options)}: the symbols of the Rage cards revealed (rage_revealed)"
    if d.remaining != p.rage_revealed - len(p.rage_symbols):
        return f"remaining {d.remaining}: the cards revealed less the rage_symbols entered"
    return None


def _explain_rage_symbol(game: RuleGame, d: Decision, action: Action) -> str | None:
    """DONE before every card is entered, a symbol past the last."""
    player = RagePlayer.of(game.players[d.seat])
    entered, cards = len(player.rage_symbols), player.rage_revealed
    if isinstance(action, Decline):
        return f"Enter at least one symbol per Rage card first ({entered} of {cards} cards)."
    if isinstance(action, Choose) and action.option in d.options:
        return "Every symbol of these cards is entered: press DONE."
    return None


# Enter a symbol of the Rage cards revealed, or DONE (``remaining``: the cards still without
# one, below 0 once symbols beyond one a card are entered).
RAGE_SYMBOL = declare_kind(
    "rage_symbol",
    Spec(
        Answer.CHOICE,
        True,
        "enter the Rage cards' symbols",
        shows_a_card=True,
        person_enters=True,
        face_options=True,
        active=True,
        before_end=True,
        below_zero=True,
        fits=_fits_rage_symbol,
        explains=_explain_rage_symbol,
        queued_last="roll_decision",
        carries=("options", "remaining"),
    ),
)


# =================================================================== Rage cards


@step
def draw_rage(game: RuleGame, seat: int, cause: str, /) -> None:
    """The seat draws from the real deck; the engine only counts the cards. A character's
    ability may draw more to keep one (its own ``draws_rage``, a module's character's)."""
    player = game.players[seat]
    if not player.alive or returned(player):  # "Zombies ... do not take Rage cards" (UA 4)
        return
    wanted = DRAWS_RAGE.of(game.ability(seat))
    cards = RageGame.of(game)
    if cards.rage_pile < wanted and cards.rage_discard:
        game.emit(RageShuffled(cards.rage_discard))
        shuffled = cards.rage_pile + cards.rage_discard
        cards = RageGame.change(game, rage_pile=shuffled, rage_discard=0)
    if not cards.rage_pile:
        return
    drawn = min(wanted, cards.rage_pile)
    RageGame.change(game, rage_pile=cards.rage_pile - 1)  # one kept; any other goes back
    RagePlayer.change(player, rage_held=RagePlayer.of(player).rage_held + 1)
    game.emit(RageDrawn(seat, drawn, cause))


@step
def rage_reveal(game: RuleGame) -> None:
    """Start of turn: all the cards held are revealed and their symbols entered."""
    player = game.players[game.turn]
    cards = RagePlayer.of(player)
    if cards.rage_held:
        RagePlayer.change(player, rage_revealed=cards.rage_revealed + cards.rage_held, rage_held=0)
        game.emit(RageRevealed(game.turn, cards.rage_held))
        game.front([rage_symbol()])


@step
def rage_symbol(game: RuleGame) -> None:
    player = game.players[game.turn]
    if player.alive:
        cards = RagePlayer.of(player)
        game.ask(
            RAGE_SYMBOL,
            game.turn,
            options=RAGE_SYMBOLS,
            remaining=cards.rage_revealed - len(cards.rage_symbols),
        )


def _legal_rage_symbol(game: RuleGame, d: Decision) -> list[Action]:
    player = RagePlayer.of(game.players[d.seat])
    entered = len(player.rage_symbols)
    actions: list[Action] = []
    if entered < player.rage_revealed * RAGE_SYMBOLS_PER_CARD:
        actions += one_of_options(game, d)
    if entered >= player.rage_revealed:
        actions.append(Decline())
    return actions


@decision(RAGE_SYMBOL, legal=_legal_rage_symbol)
def _decide_rage_symbol(game: RuleGame, d: Decision, action: Action) -> None:
    """One symbol per press; arrows act at once; DONE when every card is entered."""
    if isinstance(action, Decline):
        return
    assert isinstance(action, Choose)
    player = game.players[d.seat]
    RagePlayer.change(player, rage_symbols=(*RagePlayer.of(player).rage_symbols, action.option))
    game.emit(RageSymbolEntered(d.seat, action.option))
    steps: list[Step] = [take_arrow(d.seat, RAGE_CAUSE)] if action.option == "arrow" else []
    game.front([*steps, rage_symbol()])


def _phase_beer_rage(game: RuleGame, exploded: bool) -> list[Step]:
    return [beer_rage()]


@step
def beer_rage(game: RuleGame) -> None:
    """A Beer rolled and kept with no Wound token to discard draws a Rage card (UA2)."""
    if dice_showing(game, "beer") and not game.held_results():
        RageTurn(beer_rage=True).put(game.scratch)


@step
def rage_end(game: RuleGame) -> None:
    """End of turn: revealed cards discarded (an eliminated player's went at once, ruling UA3);
    2 or more life lost, or the Beer, draws one."""
    p = game.players[game.turn]
    revealed = RagePlayer.of(p).rage_revealed
    if revealed:
        RageGame.change(game, rage_discard=RageGame.of(game).rage_discard + revealed)
        game.emit(RageDiscarded(p.seat, revealed))
        RagePlayer.change(p, rage_revealed=0, rage_symbols=())
    scratch = game.scratch
    steps: list[Step] = [
        draw_rage(s, "lost_two") for s in game.clockwise(game.living()) if scratch.lost[s] >= 2
    ]
    if RageTurn.of(scratch).beer_rage:
        steps.append(draw_rage(game.turn, "beer"))
    game.front(steps)


def _extra_results(game: RuleGame) -> list[str]:
    """The Rage symbols revealed join the turn's results (their arrows acted on reveal); asked
    at each count of the turn's results, so the part is read straight."""
    symbols = game.players[game.turn].parts[RagePlayer.index].rage_symbols
    return [s for s in symbols if s != "arrow"] if symbols else []


def _give_back(game: RuleGame, player: PlayerState) -> None:
    """An eliminated player's Rage cards are discarded at once (ruling UA3)."""
    held = RagePlayer.of(player)
    cards = held.rage_held + held.rage_revealed
    if cards:
        RageGame.change(game, rage_discard=RageGame.of(game).rage_discard + cards)
        RagePlayer().put(player)
        game.emit(RageDiscarded(player.seat, cards))


def _check_queue(game: RuleGame) -> None:
    """The Beer's Rage step is queued with the results, after the Beers resolve and before the
    Gatling: once, after resolve_beers while that is left, before gatling."""
    # In the order the steps run (each step's own form is checked with the queue's).
    names = [step[0] if isinstance(step, list) and step else None for step in game.stack[::-1]]
    count = names.count("beer_rage")
    at = names.index("beer_rage") if count else None
    if (
        count > 1
        or ("resolve_beers" in names and (at is None or at < names.index("resolve_beers")))
        or (at is not None and "gatling" in names[:at])
    ):
        raise StateError(
            f"queue {names}: the beer_rage step runs once a turn, after resolve_beers and "
            "before gatling"
        )


def check(game: RuleGame) -> None:
    """A state read back: the 18 Rage cards are all somewhere; cards are revealed only in their
    holder's own turn, with one to three symbols each entered; a Beer's card is drawn only with
    a Beer showing; the eliminated and zombies hold none (``checks.py``)."""
    deck = RageGame.of(game)
    if deck.rage_pile < 0 or deck.rage_discard < 0:
        raise StateError(
            f"rage_pile {deck.rage_pile}, rage_discard {deck.rage_discard}: counts of cards, "
            "0 or more"
        )
    in_play = ID in game.setup.modules
    if RageTurn.of(game.scratch).beer_rage and (not in_play or not dice_showing(game, "beer")):
        raise StateError(
            "scratch.beer_rage: a kept Beer draws a Rage card "
            + (f"but faces {game.faces} show none" if in_play else "only in Module 2's games")
        )
    if in_play:
        _check_queue(game)
        _check_beer_rage_ran(game)
    cards = deck.rage_pile + deck.rage_discard
    for player in game.players:
        p = RagePlayer.of(player)
        if p.rage_held < 0 or p.rage_revealed < 0:
            raise StateError(
                f"seat {player.seat + 1}: rage_held {p.rage_held}, rage_revealed "
                f"{p.rage_revealed}: counts of cards, 0 or more"
            )
        cards += p.rage_held + p.rage_revealed
    expected = RAGE_CARDS if in_play else 0
    if cards != expected:
        raise StateError(
            f"Rage cards not conserved: {cards} in rage_pile, rage_discard and the seats' "
            f"rage_held and rage_revealed; expected {expected}"
        )
    for player in game.players:
        p = RagePlayer.of(player)
        if not (p.rage_held or p.rage_revealed or p.rage_symbols):
            continue
        where = f"seat {player.seat + 1}"
        unknown = [s for s in p.rage_symbols if s not in RAGE_SYMBOLS]
        if unknown:
            raise StateError(
                f"{where}: rage_symbols: unknown symbol {unknown[0]!r}; expected one of "
                + ", ".join(RAGE_SYMBOLS)
            )
        if len(p.rage_symbols) > p.rage_revealed * RAGE_SYMBOLS_PER_CARD:
            raise StateError(
                f"{where}: rage_symbols {list(p.rage_symbols)}: at most "
                f"{RAGE_SYMBOLS_PER_CARD} for each card revealed (rage_revealed {p.rage_revealed})"
            )
        if len(p.rage_symbols) < p.rage_revealed and not _entering(game, player.seat):
            raise StateError(
                f"{where}: rage_symbols {list(p.rage_symbols)}: at least one for each card "
                f"revealed (rage_revealed {p.rage_revealed}) once they are entered (no rage_symbol "
                "decision pending or queued, no win)"
            )
        if p.rage_revealed and player.seat != game.turn:
            raise StateError(
                f"{where}: rage_revealed {p.rage_revealed}, but cards are revealed only in their "
                f"holder's own turn (turn of seat {game.turn + 1})"
            )
        back = returned(player)
        if (p.rage_held or p.rage_revealed) and (back or not player.alive):
            raise StateError(
                f"{where}: rage_held {p.rage_held}, rage_revealed {p.rage_revealed}, but "
                + (f"{back} takes none" if back else "an eliminated player's go back at once")
            )


def _check_beer_rage_ran(game: RuleGame) -> None:
    """A kept Beer's card is marked by the beer_rage step, queued once a turn with the results
    (``_check_queue``) in a scratch the turn's start left fresh: never while the turn still
    rolls or that step is still queued."""
    rolling = still_rolling(game)
    names = [step[0] for step in game.stack if isinstance(step, list) and step]
    queued = "beer_rage" in names
    marked = RageTurn.of(game.scratch).beer_rage
    if marked and (rolling is not None or queued):
        raise StateError(
            "scratch.beer_rage true, but the beer_rage step that marks it has not run this turn "
            + ("(it is queued)" if queued else f"(the turn still rolls: {rolling!r})")
        )
    if not marked and rolling is None and not queued and _beer_rage_ran(game, names):
        raise StateError(
            f"scratch.beer_rage false, but the beer_rage step ran this turn with faces "
            f"{game.faces} showing a Beer, which no token cancels: it marks the card drawn"
        )


def _beer_rage_ran(game: RuleGame, names: list[str]) -> bool:
    """The beer_rage step ran this turn and saw a Beer kept: the turn's rolls are over and
    its results were queued with its end_turn step, which is still queued, its player living
    all along (an elimination drops the results left); a Beer shows, and no module in play
    gives the pieces that would cancel it, nor hands the turn over (leaving the scratch to
    another seat's turn)."""
    player = game.players[game.turn]
    rules = in_play(game.setup.modules)
    return (
        not game.over
        and "end_turn" in names
        and player.alive
        and not returned(player)
        and bool(dice_showing(game, "beer"))
        and not any(r.held_results is not None or r.hand_over for r in rules)
    )


def _entering(game: RuleGame, seat: int) -> bool:
    """The seat's revealed symbols may still be short of its cards: their decision is pending
    or queued (its DONE is offered only once each card has a symbol), or a win cut the entry
    short (the game over, or its end waiting with the queue emptied)."""
    if game.over or game.waiting_win is not None:
        return True
    d = game.pending
    if d is not None and d.kind is RAGE_SYMBOL and d.seat == seat:
        return True
    return any(step[0] in ("rage_symbol", "rage_reveal") for step in game.stack)


RULES = ModuleRules(
    ID,
    initial=lambda game: RageGame(rage_pile=RAGE_CARDS).put(game),
    resolution=(("beer_rage", "beer", _phase_beer_rage),),
    start=("rage_reveal",),
    end=("rage_end",),
    gives_back=_give_back,
    extra_results=_extra_results,
    extra_named="rage_symbols",
    check=check,
    table="companion.modules.rage.table",
)
