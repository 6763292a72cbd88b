"""What the table calls the game's things (roles, symbols, options, causes), short enough for
the console, and the DIE-button legends made of them. Each is declared in English (``N_``) and
read in the language in use (``Labels``); a module's by its package (``declare_...``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..engine import (
    CHARACTERS,
    FACE_COUNT,
    FACE_SYMBOL,
    SPECIAL_ROLES,
    Decision,
    Declared,
    Role,
    load_layer,
)
from ..i18n import CORE, Catalogue, Labels, Word

_words = Catalogue(CORE)
_ = _words.gettext
N_ = _words.word

ROLE_LABELS: Labels[Role] = Labels(
    {
        Role.SHERIFF: N_("Sheriff"),
        Role.DEPUTY: N_("Deputy"),
        Role.OUTLAW: N_("Outlaw"),
        Role.RENEGADE: N_("Renegade"),
    }
)

SYMBOL_LABELS: Labels[str] = Labels(
    {
        "bullseye1": N_("Bull's Eye 1"),
        "bullseye2": N_("Bull's Eye 2"),
        "beer": N_("Beer"),
    }
)

# Each symbol by the name the rulebook gives it; a module names its own (``declare_symbol_name``).
_CORE_SYMBOLS: dict[str, str | Word] = {
    "arrow": N_("Arrow"),
    "dynamite": N_("Dynamite"),
    "bullseye1": N_("Bull's Eye 1"),
    "bullseye2": N_("Bull's Eye 2"),
    "beer": N_("Beer"),
    "gatling": N_("Gatling"),
}
_SYMBOL_WORDS: Declared[str, str | Word] = Declared(
    dict(_CORE_SYMBOLS), load=lambda: load_layer("table")
)
SYMBOL_NAMES: Labels[str] = Labels(_SYMBOL_WORDS)


class _FaceLabels(Mapping[str, str]):
    """Each face by its symbol's name, in the language in use; a double face counts two."""

    def __getitem__(self, face: str) -> str:
        symbol = SYMBOL_NAMES[FACE_SYMBOL[face]]
        return _("2x {symbol}").format(symbol=symbol) if FACE_COUNT[face] == 2 else symbol

    def __iter__(self) -> Iterator[str]:
        return iter([face for face, s in FACE_SYMBOL.items() if s in _SYMBOL_WORDS])

    def __len__(self) -> int:
        return sum(1 for _face in self)


FACE_LABELS: Mapping[str, str] = _FaceLabels()

# What each special role card does, as the card says it (the seat's menu, the quick reference),
# declared by the package of the module whose card it is (``declare_card_effect``).
_CARD_WORDS: Declared[str, str | Word] = Declared(load=lambda: load_layer("table"))
CARD_EFFECTS: Labels[str] = Labels(_CARD_WORDS)


def declare_card_effect(card: str, effect: str | Word) -> None:
    """What a module's special role card does, in its package's words; ValueError when the
    card has words."""
    _CARD_WORDS.add(card, effect, "effect of the card")


class _FaceWord(Word):
    """A face's label as an option: said as ``FACE_LABELS`` says it now."""

    def __str__(self) -> str:
        return FACE_LABELS[self.message]


_OPTION_WORDS: Declared[str, str | Word] = Declared(
    {
        **{f: _FaceWord(f, CORE) for f, s in FACE_SYMBOL.items() if s in _CORE_SYMBOLS},
        "none": N_("none"),
        "arrow": N_("arrow"),
        "normal": N_("a normal card"),  # the role card an eliminated seat shows: not a special
    },
    load=lambda: load_layer("table"),
)
# Each option by its label, the modules' own added by their packages (``declare_option_label``).
OPTION_LABELS: Labels[str] = Labels(_OPTION_WORDS)


def declare_option_label(option: str, label: str | Word) -> None:
    """A module's label for an option of its own decisions (its package's ``Word``, to be
    translated); ValueError when it has one."""
    _OPTION_WORDS.add(option, label, "label of the option")


# The mark of a module's token beside a seat's arrows on its panel (a letter: "C"), each
# declared by its module (``declare_token_mark``); its name is its option's label.
_TOKEN_MARKS: Declared[str, str | Word] = Declared(load=lambda: load_layer("table"))
TOKEN_MARKS: Labels[str] = Labels(_TOKEN_MARKS)


def declare_token_mark(token: str, mark: str | Word) -> None:
    """A module's mark for its arrow token, beside the arrows of the seat holding it (its
    package's ``Word``); ValueError when the token has one."""
    _TOKEN_MARKS.add(token, mark, "mark of the token")


# Each die's kind as the table calls it ('' for the five base dice), a module's by its package
# (``declare_die_label``).
_DIE_WORDS: Declared[str, str | Word] = Declared({"base": ""}, load=lambda: load_layer("table"))
DIE_LABELS: Labels[str] = Labels(_DIE_WORDS)


def declare_die_label(kind: str, label: str | Word) -> None:
    """A module's name for its kind of die (its package's ``Word``); ValueError when it has one."""
    _DIE_WORDS.add(kind, label, "label of the die")


def declare_symbol_name(symbol: str, name: str | Word) -> None:
    """The rulebook's name of a symbol a module's die shows (its die declared first; its
    package's ``Word``, to be translated): its faces are labelled by it, as options too;
    ValueError when the symbol has a name."""
    _SYMBOL_WORDS.add(symbol, name, "name of the symbol")
    for face, shown in FACE_SYMBOL.items():
        if shown == symbol:
            _OPTION_WORDS.add(face, _FaceWord(face, CORE), "label of the option")


def choices(d: Decision) -> str:
    """A choice decision's answers, each after the number of its DIE button."""
    return " ".join(f"{i + 1}:{OPTION_LABELS.get(o, o)}" for i, o in enumerate(d.options))


def reveal_legend(roles: Sequence[Role]) -> str:
    """The DIE button for each role card an eliminated seat may show."""
    return " ".join(f"{i + 1}:{ROLE_LABELS[r]}" for i, r in enumerate(roles))


# Why a life or an arrow changed, for the story line ("Beer 3: +1"), where the cause is not a
# character's or a card's name (those are said by their titles); a module's causes declared by
# its package (``declare_cause_label``).
_CAUSE_WORDS: Declared[str, str | Word] = Declared(
    {
        "dice": N_("Arrows"),
        "arrow": N_("Arrow"),
        "arrow_instead": N_("Arrow instead"),
        "beer": N_("Beer"),
        "discard_all": N_("Arrows dropped"),
    },
    load=lambda: load_layer("table"),
)
CAUSE_LABELS: Labels[str] = Labels(_CAUSE_WORDS)


def declare_cause_label(cause: str, label: str | Word) -> None:
    """A module's name for a cause of its own rules (its package's ``Word``); ValueError when
    the cause has one."""
    _CAUSE_WORDS.add(cause, label, "label of the cause")


@dataclass(frozen=True)
class PastTheDice:
    """What a module calls the results it adds past the dice (``ModuleRules.extra_results``),
    which no DIE button shows, in its package's words: where one shows, after a prompt's symbol
    ("Bull's Eye 1 (...)"); a Bull's Eye of one listed by the seat it hits ("seat {seat} (...)");
    and one doubled with a Beer, hitting nobody yet or ``{seat}``."""

    source: str | Word
    listed: str | Word
    doubled: str | Word
    doubled_on: str | Word


# The words of each module's results past the dice, by module (``declare_past_the_dice``).
_PAST_THE_DICE: Declared[str, PastTheDice] = Declared(load=lambda: load_layer("table"))


def declare_past_the_dice(m: str, words: PastTheDice) -> None:
    """Module ``m``'s words for its results past the dice; ValueError when it has some."""
    _PAST_THE_DICE.add(str(m), words, "words of the results past the dice of module")


def past_the_dice(modules: Iterable[str]) -> PastTheDice | None:
    """The words of the results past the dice of these modules in play: the first that has
    some (None: none has, and such a result is said by its number, as a die)."""
    return next((w for m in sorted(modules) if (w := _PAST_THE_DICE.get(m)) is not None), None)


def cause_label(cause: str) -> str:
    """A cause in the rulebook's words: its label, or the character's or card's title."""
    if cause in CAUSE_LABELS:
        return CAUSE_LABELS[cause]
    if cause in CHARACTERS:
        return CHARACTERS[cause].title
    if cause in SPECIAL_ROLES:
        return SPECIAL_ROLES[cause].title
    return cause.replace("_", " ").capitalize()  # a cause new to this table, still in words


class _SymbolLetters(Mapping[str, str]):
    """One letter per symbol, for a seat's tokens and cards on its panel (a module's marks,
    "1B"), in the language in use."""

    def __getitem__(self, symbol: str) -> str:
        return self._letters()[symbol]

    def __iter__(self) -> Iterator[str]:
        return iter(self._letters())

    def __len__(self) -> int:
        return len(self._letters())

    @staticmethod
    def _letters() -> dict[str, str]:
        return {
            "arrow": _words.pgettext("a module's token or card symbol, on a seat panel", "A"),
            "dynamite": _words.pgettext("a module's token or card symbol, on a seat panel", "D"),
            "bullseye1": "1",
            "bullseye2": "2",
            "beer": _words.pgettext("a module's token or card symbol, on a seat panel", "B"),
            "gatling": _words.pgettext("a module's token or card symbol, on a seat panel", "G"),
        }


SYMBOL_LETTERS: Mapping[str, str] = _SymbolLetters()
