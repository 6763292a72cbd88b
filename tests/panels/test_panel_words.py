"""The panels' own words (a free seat, the BOT tag, the badges, OUT, the wide console's counts,
the paused notice, the table picture's labels) go through the core's catalogue and fit their
places in every language the box speaks (issue 36).

The scan draws real panels in the pseudo-language, which marks every catalogued word «like
this», from views whose own texts (the table's words) are marked already: every run of letters
the panels draw must then be inside the marks. Whatever the panels draw is recorded on its way
to the real drawing functions, which still draw it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PIL import Image

from companion import i18n
from companion.i18n import CORE, PSEUDO, Catalogue, languages, set_language
from companion.panels import console, seat, table
from companion.panels.notice import paused_lines
from companion.panels.seat import BADGE_MARGIN, COLUMN_X, WIDTH, draw_seat
from companion.panels.text import ADVANCE, missing_glyphs, text_width
from companion.table.view import ConsoleView, SeatView

LETTERS = re.compile(r"[^\W\d_]+")
FACES = ("arrow", "dynamite", "bullseye1", "bullseye2", "beer")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(i18n.SOURCE)


def unmarked(text: str) -> list[str]:
    """The runs of letters of one drawn text outside «»: a text that closes a mark before it
    opens one is the rest of a wrapped or cut word, so it begins inside."""
    marks = [c for c in text if c in i18n.MARKS]
    depth = 1 if marks and marks[0] == i18n.MARKS[1] else 0
    found, run = [], ""
    for c in text:
        if c == i18n.MARKS[0]:
            depth += 1
        elif c == i18n.MARKS[1]:
            depth = max(0, depth - 1)
        if LETTERS.fullmatch(c) and depth == 0:
            run += c
        elif run:
            found.append(run)
            run = ""
    return [*found, run] if run else found


def test_the_scan_finds_a_word_outside_the_marks() -> None:
    assert unmarked("«SEAT 3» free") == ["free"]
    assert unmarked("«W«I»«D»» R2") == ["R"]
    assert unmarked("of the Devil» x") == ["x"]
    assert unmarked("«CUT NAM..") == []


SEATS = (
    SeatView(1, playing=False),
    SeatView(
        2,
        True,
        life=5,
        max_life=8,
        arrows=2,
        tokens=("chief_arrow",),
        token_marks=("«C»",),
        sheriff=True,
        active=True,
        role="«Sheriff»",
        bot=True,
        change="«-2»",
        life_change=-2,
        coming="«hit x2»",
        note="«n»",
        answer=True,
        marks=("«W«A»«D»«B»«G»»", "«R2»", "«Rage «B»1»"),
        said=("«Wound tokens: Arrow»", "«Rage cards face down: 2»"),
    ),
    SeatView(3, True, name="«Kit»", max_life=8, alive=False),
    SeatView(4, True, name="«Kit»", max_life=8, role="«Deputy»", note="«" + "long " * 5 + "»"),
    SeatView(5, True, name="«Kit»", life=3, max_life=8, asked=True),
    SeatView(6, True, name="«Kit»", life=3, max_life=8, winner=True),
    SeatView(7, True, name="«Kit»", life=3, max_life=8, chore="«draw»"),
    SeatView(8, True, name="«Kit»"),
)
CONSOLES = (
    ConsoleView(
        faces=(None, None, *FACES),
        kinds=("loudmouth", "coward", "base", "base", "base", "base", "base"),
        rolls_left=2,
        pile=9,
        prompt="«p»",
        title="«t»",
        story="«s»",
        flash="«f»",
    ),
    ConsoleView(title="«set-up»", prompt="«p»"),
)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the panels hand to the drawing functions, which still draw it."""
    texts: list[str] = []
    in_digits = [False]

    def recording(module: object, name: str) -> None:
        real = getattr(module, name)

        def record(*args: object, **kwargs: object) -> object:
            text = next(a for a in args if isinstance(a, str))
            if not in_digits[0]:
                texts.append(text)
            if name == "_draw_digits":  # one big glyph a character: the string is the word
                in_digits[0] = True
                try:
                    return real(*args, **kwargs)
                finally:
                    in_digits[0] = False
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, record)

    for module, name in (
        (seat, "draw_text"),
        (seat, "big_text"),
        (seat, "_draw_digits"),
        (console, "draw_text"),
        (table, "big_text"),
    ):
        recording(module, name)
    return texts


def test_every_word_the_panels_draw_is_catalogued(drawn: list[str]) -> None:
    set_language(PSEUDO)
    seats = [draw_seat(view) for view in SEATS]
    for view in CONSOLES:
        for width in console.WIDTHS:
            console.draw_console(view, width)
    table.compose_table(seats, console.draw_console(CONSOLES[0], 128), 1)
    drawn.extend(paused_lines("«seat 3»"))
    assert len(drawn) > 40
    found = {text: unmarked(text) for text in drawn}
    assert not {t: u for t, u in found.items() if u}, "drawn without the catalogue"


def words(code: str) -> Catalogue:
    return Catalogue(CORE, code)


@pytest.mark.parametrize("code", [c for c in languages() if c != PSEUDO])
def test_the_panels_words_fit_their_places_in_every_language(code: str) -> None:
    """Each word whole in its place, with the widest figures it is shown with: the badges
    inside their margins, OUT beside the cross, the wide console's counts in its half, the
    paused notice on the narrowest panel (the legacy font, 6 px a letter)."""
    _ = words(code).gettext
    badges = [_("YES: ME  NO: DONE"), _("> PRESS <"), _("WINNER")]
    for badge in badges:
        assert text_width(badge) <= WIDTH - 2 * 2, badge
    assert text_width(_("> PRESS <")) <= WIDTH - 2 * BADGE_MARGIN
    out = words(code).pgettext("an eliminated seat", "OUT")
    assert len(out) * ADVANCE * 2 <= WIDTH - COLUMN_X, out
    free = words(code).pgettext("a seat nobody plays", "free")
    for line in (_("seat {number}").format(number=8), free):
        assert text_width(line) <= WIDTH - 4, line
    bot = words(code).pgettext("the tag of a seat the box plays", "BOT")
    assert text_width(bot) <= 4 * ADVANCE, bot
    for count in (_("re-rolls {count}"), _("arrows {count}")):
        assert 18 + text_width(count.format(count=99)) <= console.HALF, count
    role = _("ROLE: {role}").format(role="")
    assert text_width(role) <= WIDTH // 2, role
    for line in paused_lines():
        assert len(line) * ADVANCE <= WIDTH - 4, line


@pytest.mark.parametrize("code", languages())
def test_every_panel_word_of_every_language_draws_with_no_missing_glyph(code: str) -> None:
    set_language(code)
    texts = [*paused_lines("x")]
    for view in SEATS:
        image = draw_seat(view)
        assert isinstance(image, Image.Image)
    _ = words(code).gettext
    texts += [_("YES: ME  NO: DONE"), _("> PRESS <"), _("WINNER"), _("resumes at power-on")]
    texts += [_("re-rolls {count}"), _("arrows {count}"), _("role ?"), _(" of the Devil")]
    assert not [(t, missing_glyphs(t)) for t in texts if missing_glyphs(t)]
