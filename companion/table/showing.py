"""What the table shows now: the view (view.py's data) of a set-up or of a game in progress,
built from the session's state. A seat's hidden role shows only on its own menu, never the
box's."""

from __future__ import annotations

from dataclasses import replace

from ..engine import (
    CHARACTERS,
    MODULES,
    SPECIAL_ROLES,
    Answer,
    ChooseSeat,
    Decision,
    Game,
    Module,
    Role,
    card_of,
    series_module,
)
from ..i18n import CORE, Catalogue
from . import end_roles
from .abilities import ability_said
from .answers import listed_hit_names
from .chores import chores
from .history_pages import history_page, history_view
from .labels import OPTION_LABELS, ROLE_LABELS, TOKEN_MARKS, reveal_legend
from .module_words import pieces, seat_note
from .play import ChoresRead, TablePlay
from .prompts import (
    SIDE_LABELS,
    game_over_text,
    house_rules_text,
    menu_note,
    module_asides,
    module_label,
    modules_text,
    prompt_for,
    reveals_text,
)
from .session_state import SessionState
from .setup_flow import SetupFlow
from .story import NO_CHANGE, change_said, pending_marks
from .view import DICE_APART, ConsoleView, SeatView, TableView
from .words import question_said

_ = Catalogue(CORE).gettext


def setup_view(session: SessionState, flow: SetupFlow) -> TableView:
    """The set-up: who joined, roles and characters so far, the console's page of names."""
    seats = []
    for n in range(1, session.config.seats + 1):
        joined = n in flow.joined
        character = flow.characters.get(n)
        role = flow.roles.get(n)
        bot = n in flow.bots
        mark = session.marks.get(n, NO_CHANGE)
        public = role is Role.SHERIFF or len(flow.joined) == 3
        shown = role if public or (session.menu == n and not bot) else None  # the box's: secret
        note = _("the box plays") if bot else _("joined") if joined else _("press to join")
        # Who presses now: a seat still to join; the seat picking its character; at the
        # roles and once every seat has one, any seat in the game
        answer = not joined if flow.stage == "join" else joined
        if flow.stage == "characters" and flow.picker is not None:
            answer = n == flow.picker
        if flow.stage == "characters" and joined:
            note = ability_said(character) if character and character in CHARACTERS else ""
            if n == flow.picker:
                note = _("DIE picks; me: more names")
        seats.append(
            SeatView(
                number=n,
                playing=joined or flow.stage == "join",
                name=CHARACTERS[character].title if character else "",
                life=CHARACTERS[character].life if character else 0,
                max_life=CHARACTERS[character].life if character else 0,
                sheriff=shown is Role.SHERIFF,
                role=_setup_card(flow, shown) if shown is not None else None,
                answer=answer,
                note=note,
                change=change_said(mark),
                life_change=mark.life,
                arrow_change=mark.arrows,
                bot=bot,
            )
        )
    names = flow.module_lines() if flow.stage == "join" else flow.shown()
    choices = tuple(
        f"{i} {CHARACTERS[name].title if name in CHARACTERS else name}"
        for i, name in enumerate(names, start=1)
    )
    title, prompt, story = flow.title(), flow.prompt(), session.story
    if flow.stage == "join" and not story:  # set by the configuration, not by a button
        story = house_rules_text(flow.house_rules)
    series = ""
    if series_module(flow.modules) is not None and flow.stage != "join":
        number = session.series_game if flow.follow_up is not None else 1
        series = series_text(flow.modules, number)
        if title == _("BANG! set-up"):  # the headline says it
            title = _("Series game {game} set-up").format(game=number)
        else:
            story = ". ".join(t for t in (story, series) if t)
    if session.asked_to_end:
        title, prompt, story = _("Start over?"), afresh_text(flow.follow_up is not None), ""
        choices = ()  # the question alone: the list it would leave is not what DONE does
    console = ConsoleView(
        prompt=prompt,
        flash=session.flash,
        title=title,
        story=story,
        choices=choices,
        series=series,
    )
    return TableView(tuple(seats), console)


def play_view(session: SessionState, play: TablePlay) -> TableView:
    """A game in progress: every seat's panel and the console, as the table may see them."""
    game = play.game
    d = game.pending
    answers: set[int] = set()  # none while the box chooses: nobody presses
    asked: int | None = None
    box = play.box_due()
    if d is not None and not box:
        spec = d.spec
        if spec.answer is Answer.SEAT:
            answers = {a.seat for a in game.legal_actions() if isinstance(a, ChooseSeat)}
        elif spec.answer is Answer.YES_NO and not spec.done_says_yes:
            # the asked seat answers with its own button (yes) or DONE (no); a role is shown
            # with the DIE buttons instead, as the seat's own note says
            answers, asked = {d.seat}, d.seat
        elif spec.holder_rolls:
            answers = {d.seat}  # the seat holding the die rolls it with its press
    pending = {play.seats[s]: mark for s, mark in pending_marks(game).items()}
    to_do = seat_chores(play)
    role_asked = end_roles.asked(game, session.declared) if game.over else None
    told = end_roles.told_winners(game, session.declared) if game.over else ()
    if role_asked is not None:
        answers, asked = {role_asked}, role_asked
    seats = []
    for n in range(1, session.seat_count() + 1):
        if n not in play.seats:
            seats.append(SeatView(number=n, playing=False, page=pieces(None).page))
            continue
        s = play.seats.index(n)
        p = game.players[s]
        mark, coming = session.marks.get(n, NO_CHANGE), pending.get(n, "")
        role = p.role if p.revealed else None
        if game.over:  # every card turned up, or entered (end_roles)
            role = end_roles.role_at_end(game, session.declared, s)
        bot = n in play.bots
        peeks = session.menu == n and p.role is not None and not bot  # the box's: its secret
        if peeks:
            role = p.role
        note = seat_note(game, s, play.seats) or ""
        held, shown_up = card_of(p)
        if session.menu == n:
            reveals = [] if bot else play.reveals_for(n)
            note = menu_note(reveals) or ability_said(p.character)
        elif s == role_asked:
            legend = reveal_legend(end_roles.choices(game, session.declared))
            note = _("Your role card: {cards}").format(cards=legend)
        elif game.over and (s in game.winners or s in told):
            card = _card(held, role, shown_up)
            note = _("WINS: {card}").format(card=card) if card else _("WINS: role card not entered")
        elif d is not None and d.spec.answer is Answer.ROLE and s == d.seat:
            legend = reveal_legend(play.reveal_choices())
            note = _("Show your role card: {cards}").format(cards=legend)
        shown = pieces(p)
        seats.append(
            SeatView(
                number=n,
                playing=True,
                name=CHARACTERS[p.character].title,
                life=p.life,
                max_life=p.max_life,
                arrows=p.arrows,
                tokens=(tokens := tuple(game.tokens_held(p))),
                token_marks=tuple(TOKEN_MARKS.get(t, "?") for t in tokens),
                sheriff=p.role is Role.SHERIFF and p.revealed,
                active=not game.over and game.turn == s,
                alive=p.alive,
                role=_card(held, role, shown_up or peeks),
                answer=s in answers,
                asked=s == asked,
                winner=game.over and (s in game.winners or s in told),
                note=note,
                change=", ".join(m for m in (change_said(mark), coming) if m),
                life_change=mark.life,
                arrow_change=mark.arrows,
                coming=coming,
                marks=shown.marks,
                said=shown.said,
                page=shown.page,
                bot=bot,
                chore=to_do.get(s, ""),
            )
        )
    unrevealed = [] if box or d is None else play.reveal_choices()  # the question and its list
    in_series = series_module(game.setup.modules) is not None
    series = series_text(game.setup.modules, session.series_game) if in_series else ""
    if game.over:
        prompt = game_over_text(game.side, session.series_game + 1 if in_series else None)
        if role_asked is not None:
            side = SIDE_LABELS.get(game.side or "") or _("Game over")
            prompt = _("{side}! Seat {seat}: your role card? DIE, DONE: skip").format(
                side=side, seat=play.seats[role_asked]
            )
    else:
        assert d is not None
        if box:
            prompt = _("BOT seat {seat}: {question}").format(
                seat=play.seats[d.seat], question=question_said(d.kind)
            )
        else:
            prompt = prompt_for(game, d, play.seats, unrevealed)
    story = session.story
    if game.turn_number == 1 and game.roll_count == 0 and not game.over:
        story = ". ".join(t for t in (story, rules_text(game, session.series_game)) if t)
    title = _("Turn {turn}: seat {seat}").format(turn=game.turn_number, seat=play.seats[game.turn])
    cards, short_cards = ("", "") if game.over else reveals_text(game, play.seats)
    chosen = _chosen_die(game.dice_kinds) if not any(game.faces) else ""  # rolled: faces say it
    hands = module_asides(game)
    aside = ". ".join(t for t in (chosen, hands, cards) if t)
    shorter = _shorter(chosen, hands, short_cards)
    listed = () if box or d is None else _listed(game, d, unrevealed, play.seats)
    if role_asked is not None:  # the roles listed under the question, one per DIE button
        roles = end_roles.choices(game, session.declared)
        listed = tuple(f"{i} {ROLE_LABELS[r]}" for i, r in enumerate(roles, start=1))
    if session.asked_to_end:
        title, story, aside, shorter, listed = _("Start over?"), "", "", (), ()
        prompt = _("DONE: end this game, its journal kept; other: play on")
        if in_series:  # the game and its series end together: one start-over
            prompt = _("DONE: end this game and leave the series; other: play on")
        if game.over:
            prompt = afresh_text(in_series)
    elif session.looking_back is not None:  # the page alone: the dice give it their room
        page = history_page(session, session.looking_back)
        assert page is not None  # a press past the oldest page went back to the game
        return TableView(tuple(seats), replace(history_view(page), flash=session.flash))
    console = ConsoleView(
        faces=tuple(game.faces),
        locked=tuple(game.locked(i) for i in range(len(game.faces))),
        marked=tuple(i in play.marked for i in range(len(game.faces))),
        rolls_left=game.rerolls_shown,
        pile=game.tokens_in_pile,
        prompt=prompt,
        flash=session.flash,
        title=title,
        story=story,
        aside=aside,
        shorter=shorter,
        choices=listed,
        kinds=tuple(game.dice_kinds),
        picker=d.options if d is not None and d.spec.face_options else (),
        series=series,
    )
    return TableView(tuple(seats), console)


def _listed(game: Game, d: Decision, roles: list[Role], seats: list[int]) -> tuple[str, ...]:
    """A choice among words (not faces: those show over the DIE buttons), one per DIE button,
    as the console lists them under the question; Bull's Eyes when one is past the dice."""
    hits = listed_hit_names(game, d, seats)
    if hits is not None:
        names = hits
    elif d.spec.answer is Answer.ROLE:
        names = [ROLE_LABELS[r] for r in roles]
    elif d.spec.answer is Answer.CHOICE and not d.spec.face_options:
        names = [OPTION_LABELS.get(o, o) for o in d.options]
    else:
        return ()
    return tuple(f"{i} {name}" for i, name in enumerate(names, start=1))


def seat_chores(play: TablePlay) -> dict[int, str]:
    """What each seat must still do with real pieces, by engine seat, from the game's own
    record (so a restart shows it again): the chores the events of every action gave it, until
    that seat's player next answers a decision (they have done it by then)."""
    real = play.game.setup.real_piles
    read, taken = play.chores_read, play.taken
    owed: dict[int, tuple[str, ...]] = {}
    start = 0
    if read is not None and 0 < read.steps <= len(taken) and taken[read.steps - 1] is read.last:
        owed, start = dict(read.owed), read.steps  # the same record, grown since
    for step in taken[start:]:
        asked = step.before.pending
        if asked is not None and not step.auto:
            owed.pop(asked.seat, None)
        for seat, chore in chores(step.events, play.seats, real):
            owed[seat] = (*owed.get(seat, ()), chore)
    play.chores_read = ChoresRead(len(taken), taken[-1], owed) if taken else None
    return {seat: "; ".join(done) for seat, done in owed.items() if done}


def rules_text(game: Game, series_game: int) -> str:
    """The modules and house rules in play, said before the first roll; a module's series with
    the number of this game in it."""
    setup = game.setup
    modules = modules_text(setup.modules, setup.cards_mixed)
    making = series_module(setup.modules)
    if making is not None:
        label = module_label(making)
        numbered = _("{module} (game {game})").format(module=label, game=series_game)
        modules = modules.replace(label, numbered)
    return ". ".join(t for t in (modules, house_rules_text(setup.house_rules)) if t)


def series_text(modules: frozenset[Module], game: int) -> str:
    """A series on the table (by the title of the module that makes it),
    and which game of it this is."""
    making = series_module(modules)
    if making is None:
        return _("A series, game {game}").format(game=game)
    return _("{title} series, game {game}").format(title=MODULES[making].title, game=game)


def _setup_card(flow: SetupFlow, role: Role) -> str:
    """A role card shown at set-up: the Sheriff's is a module's card once that is sure (the
    module's set-up question), as the game will show it."""
    card = flow.sheriff_card() if role is Role.SHERIFF else None
    return SPECIAL_ROLES[card].title if card is not None else ROLE_LABELS[role]


def afresh_text(series: bool) -> str:
    """Holding UNDO at set-up or after a game: what DONE does (a series is left)."""
    if series:
        return _("DONE: leave the series, set up afresh; any other button: back")
    return _("DONE: a fresh set-up, seats anew; any other button: back")


def _shorter(chosen: str, hands: str, reveals: str) -> tuple[str, ...]:
    """The aside's shorter forms, for a console where it does not fit: the modules' asides are
    on the seats' panels (a module's count, as its package says it), the die chosen on its unrolled
    die (a letter), and a card's holder finds it in its seat's menu (hold SEAT): the last form says
    only that a card may be revealed now."""
    forms = [
        (chosen, hands, reveals),
        (chosen, reveals),
        (reveals,),
        (_("Reveal now") if reveals else "",),
    ]
    found: list[str] = []
    for form in forms:
        text = ". ".join(t for t in form if t)
        if text not in found:
            found.append(text)
    return tuple(found)


def _chosen_die(dice: list[str]) -> str:
    """The die of a module's kind chosen for the turn in place of a base die or beside them,
    named under the prompt until it is rolled (then its own faces show)."""
    # a module's dice set apart show their own kind
    chosen = [kind for kind in dice if kind != "base" and kind not in DICE_APART]
    if not chosen:
        return ""
    return _("{kind} die").format(kind=OPTION_LABELS.get(chosen[0]) or chosen[0].capitalize())


def _card(special: str | None, role: Role | None, seen: bool) -> str | None:
    """The role card a seat shows: a special card by its title, a normal one by its role; None
    while hidden."""
    if role is None:
        return None
    return SPECIAL_ROLES[special].title if special and seen else ROLE_LABELS[role]
