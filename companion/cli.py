"""The ``bang-companion`` command line."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
import tempfile
import threading
import tomllib
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

from .bots import BOTS
from .config import DEFAULT_PATH, ConfigError, defaults, load, reseated
from .engine import SetupError, load_layer, module_problems
from .i18n import CORE, Catalogue, languages, set_language
from .table.folder_lock import FolderBusy, hold
from .table.journal import JournalError
from .web.settings import WebPageError

_words = Catalogue(CORE)
_ = _words.gettext


def _at_least_one(text: str) -> int:
    """A count of games: zero games would have no averages to report."""
    try:
        value = int(text)
    except ValueError:
        said = _("expected a whole number, got {text}").format(text=repr(text))
        raise argparse.ArgumentTypeError(said) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, got {value}").format(value=value))
    return value


def _language(text: str) -> str:
    """A language the box has a catalogue for."""
    if text not in languages():
        raise argparse.ArgumentTypeError(
            _("language {code}: expected one of {codes}").format(
                code=repr(text), codes=", ".join(languages())
            )
        )
    return text


def _policies(text: str) -> tuple[str, ...]:
    """A comma-separated list of kinds of player, each one the bots know."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                _("unknown player {name} in {text}; expected kinds from {kinds}").format(
                    name=repr(name), text=repr(text), kinds=", ".join(BOTS)
                )
            )
    return names


def _simulate(args: argparse.Namespace) -> int:
    from .engine import EngineError, module, validate_modules
    from .simulation import simulate

    try:
        modules = frozenset(module(m) for m in args.modules)
        validate_modules(modules, args.players, ())
    except EngineError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    report = simulate(args.players, args.games, args.seed, modules=modules, policies=args.policy)
    print(json.dumps(report.to_json(), indent=2) if args.json else report.to_text())
    return 0


def _replay(args: argparse.Namespace) -> int:
    from .table.journal import read_journal
    from .table.play import TablePlay
    from .table.prompts import SIDE_LABELS

    path = Path(args.journal) if args.journal else _newest_journal(_state_dir(args))
    contents = read_journal(path)
    play = TablePlay.replay(contents, path)
    game = play.game
    if args.json:
        print(
            json.dumps(
                {
                    "journal": str(path),
                    "actions": len(play.taken),
                    "finished": contents.finished,
                    "abandoned": contents.abandoned,
                    "torn_last_line_dropped": contents.dropped_torn_line,
                    "state": game.to_json(),
                },
                indent=2,
            )
        )
        return 0
    actions = _words.ngettext(
        "{path}: {count} action, turn {turn}",
        "{path}: {count} actions, turn {turn}",
        len(play.taken),
    )
    print(actions.format(path=path, count=len(play.taken), turn=game.turn_number))
    seat_of = _("seat {number}")
    for seat, p in zip(play.seats, game.players, strict=True):
        role = f"  {p.role}" if p.role is not None and p.revealed else ""
        state = (
            _words.pgettext("an eliminated seat, in a replay", "out")
            if not p.alive
            else _("life {life}/{most}  arrows {arrows}").format(
                life=p.life, most=p.max_life, arrows=p.arrows
            )
        )
        name = play.character_title(p.seat)
        print(f"  {seat_of.format(number=seat)}  {name:<16} {state}{role}")
    if game.over:
        winners = ", ".join(
            seat_of.format(number=play.seats[s]) for s in _winners(path, game.winners)
        )
        side = SIDE_LABELS.get(game.side or "", game.side)
        print(_("game over: {side} ({winners})").format(side=side, winners=winners))
    elif contents.abandoned:
        said = _("abandoned at the table: arrows in the pile {pile}; no winner")
        print(said.format(pile=game.pile))
    else:
        assert game.pending is not None  # a game neither over nor abandoned waits for someone
        d = game.pending
        asked = f"{seat_of.format(number=play.seats[d.seat])}: {d.spec.question}"
        said = _("in progress: arrows in the pile {pile}; waiting for {asked}")
        print(said.format(pile=game.pile, asked=asked))
    return 0


def _winners(journal: Path, known: tuple[int, ...]) -> tuple[int, ...]:
    """A finished game's winners: the rules' own, and those the table learned at its end
    from the role cards entered (kept in the series file beside its games folder)."""
    from .table.series import SeriesError, find

    try:
        listed = find(journal.parent.parent, journal.name)
    except SeriesError:
        return known
    return known if listed is None else listed.winners()


EMULATOR_SEATS = 6  # the emulator's table without a configuration file


def emulator_state() -> Path:
    """Where the emulator in a window keeps its games on this computer."""
    return Path("~/.local/state/bang-companion").expanduser()


def _state_dir(args: argparse.Namespace) -> Path:
    """The state folder ``games`` and ``replay`` read: the one named (``--state-dir``), or
    the configuration's (``--config``); without either, the service's where its configuration
    is installed (the Pi), and the emulator's anywhere else."""
    if getattr(args, "state_dir", None):
        return Path(args.state_dir).expanduser()
    if args.config is None and not DEFAULT_PATH.exists():
        return emulator_state()
    config = load(Path(args.config or DEFAULT_PATH))
    set_language(config.language)
    state_dir = config.table.state_dir
    assert state_dir is not None
    return state_dir


def _newest_journal(state_dir: Path) -> Path:
    """The game ``replay`` shows when given no journal: the newest in the state folder."""
    from .table.journal import journals

    found = journals(state_dir / "games")
    if not found:
        said = _("no game here yet; expected game-*.jsonl")
        raise JournalError(state_dir / "games", None, said)
    return found[-1]


def _emulator_config(args: argparse.Namespace, scratch: Path | None = None):
    """The emulator's configuration; ``scratch`` is the state of a scripted run that was given
    no state directory, so it never resumes or changes the game played in the window."""
    state_dir = Path(args.state_dir).expanduser() if args.state_dir else scratch
    if args.config:
        config = load(Path(args.config))
        if args.seats is not None:
            config.table = reseated(config, args.seats)
        if state_dir is not None:
            config.table.state_dir = state_dir
    else:
        config = defaults(state_dir or emulator_state(), args.seats or EMULATOR_SEATS)
    if args.console_width:
        config.console_width = args.console_width
    set_language(config.language)
    return config


def _emulate(args: argparse.Namespace) -> int:
    from . import emulate
    from .devices.emulator import parse_keys

    from_stdin = args.keys == "-"
    try:
        keys = None if args.keys is None or from_stdin else parse_keys(args.keys)
        snapshot, record = (_output_file(option, args) for option in ("snapshot", "record"))
    except ValueError as exc:
        print(f"bang-companion emulate: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="bang-companion-") as scratch:
        scripted = args.keys is not None
        config = _emulator_config(args, Path(scratch) if scripted else None)
        with _one_box(config.table.state_dir):
            return emulate.run(config, keys, snapshot, record, args.terminal, args.seed, from_stdin)


@contextlib.contextmanager
def _one_box(state_dir: Path | None) -> Iterator[None]:
    """The state folder kept for this process alone while it plays (FolderBusy when another
    process has it)."""
    fd = hold(state_dir) if state_dir is not None else None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)


def _output_file(option: str, args: argparse.Namespace) -> Path | None:
    """--snapshot or --record: a file in a folder that exists (checked before any press)."""
    value = getattr(args, option)
    if not value:
        return None
    path = Path(value).expanduser()
    if not path.parent.is_dir():
        raise ValueError(
            _(
                "--{option} {value}: the folder {folder} does not exist; "
                "expected a file in an existing folder"
            ).format(option=option, value=value, folder=path.parent)
        )
    return path


def _run(args: argparse.Namespace) -> int:
    from .systemd import stop_on_signals

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        stream=sys.stderr,
        format="%(levelname)s %(name)s: %(message)s",
    )
    stop = stop_on_signals()  # before anything else: systemd may stop the box as it starts
    from . import daemon

    config = load(Path(args.config))
    set_language(config.language)
    if not _gpio_found():
        if "NOTIFY_SOCKET" not in os.environ:
            said = _(
                "this computer has no GPIO pins for the buttons "
                "(run needs a Raspberry Pi); to play here, use: bang-companion emulate"
            )
            print(f"bang-companion run: {said}", file=sys.stderr)
            return 2
        if not _wait_for_gpio(stop):
            return 0
    # The state folder is taken only by a box that can play: one without its pins neither
    # makes nor locks it.
    with _one_box(config.table.state_dir):
        return daemon.run(config, stop)


GPIO_LOOK_AGAIN = 30.0  # seconds between looks for the GPIO pins of a service that waits


def _wait_for_gpio(stop: threading.Event) -> bool:
    """The service on a computer without GPIO pins (a board whose pins are not ready yet, an
    emulator) waits for them with one line in the log and its status, feeding the watchdog,
    instead of failing and being restarted over and over. True once the pins are there,
    False when stopped first."""
    from .systemd import Notifier

    notifier = Notifier()
    line = _(
        "waiting for the hardware: this computer has no GPIO pins for the buttons "
        "(run needs a Raspberry Pi); looking again every {seconds} s"
    ).format(seconds=f"{GPIO_LOOK_AGAIN:.0f}")
    print(f"bang-companion run: {line}", file=sys.stderr, flush=True)
    notifier.ready(line)
    step = min(GPIO_LOOK_AGAIN, notifier.watchdog_interval or GPIO_LOOK_AGAIN)
    waited = 0.0
    while not stop.wait(step):
        notifier.notify("WATCHDOG=1")
        waited += step
        if waited >= GPIO_LOOK_AGAIN:
            waited = 0.0
            if _gpio_found():
                notifier.notify("STATUS=GPIO pins found: starting")
                return True
    return False


def _gpio_found() -> bool:
    """Whether gpiozero finds a pin factory here; the factories it tried go to the log."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    with warnings.catch_warnings(record=True) as tried:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except BadPinFactory:
            return False
        finally:
            for warning in tried:
                logging.getLogger(__name__).debug("GPIO: %s", warning.message)
    return True


def _check_hardware(args: argparse.Namespace) -> int:
    from .hardware_check import HardwareError, check_hardware

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    if not _gpio_found():
        # Both facts at once: a missing configuration alone would send the maker to write one
        # on a computer that could not check the parts anyway.
        try:
            load(Path(args.config))
            configuration = ""
        except ConfigError as exc:
            configuration = "\n" + _("and the configuration cannot be used either: {error}").format(
                error=exc
            )
        said = _(
            "this computer has no GPIO pins, so no buttons or panels to check{configuration}\n"
            "hint: run it on the Raspberry Pi the parts are wired to; to try the companion here: "
            "bang-companion emulate"
        )
        print(
            f"bang-companion check-hardware: {said.format(configuration=configuration)}",
            file=sys.stderr,
        )
        return 2
    config = load(Path(args.config))
    set_language(config.language)
    try:
        return check_hardware(config, buttons=not args.no_buttons, button_timeout=args.timeout)
    except HardwareError as exc:
        print(f"bang-companion check-hardware: {exc}", file=sys.stderr)
        return 2


def _games(args: argparse.Namespace) -> int:
    """The table's history: every finished game it can read, grouped in series (Wild West
    Legacy), and each record it skipped, with why."""
    from .games_list import from_summaries, lines
    from .table.series import listing, read

    state_dir = _state_dir(args)
    if args.language is not None:
        set_language(args.language)
    if args.html:
        return _games_html(state_dir, Path(args.html).expanduser())
    summarized = None if args.json else from_summaries(state_dir)
    if summarized:
        print("\n".join(lines(summarized, _words)))
        return 0
    games, skipped = read(state_dir)
    for problem in skipped:
        print(_skipped(problem), file=sys.stderr)
    if skipped and not games:
        return 2
    if args.json:
        print(json.dumps([g.to_json() for g in games], indent=1))
    else:
        none = _("No finished game in {folder} yet.").format(folder=state_dir)
        print("\n".join(listing(games)) if games else none)
    return 0


def _skipped(problem: str) -> str:
    return "bang-companion: " + _("skipped {problem}").format(problem=problem)


def _games_html(state_dir: Path, folder: Path) -> int:
    """A page per finished game and their index, written into ``folder``; each journal that
    cannot be read is named on a line of its own and the others are written all the same."""
    from .web.game_pages import write_pages

    try:
        written, skipped = write_pages(state_dir, folder)
    except OSError as exc:
        said = _(
            "--html {folder}: cannot write the pages there ({error}); "
            "expected a folder this user may write in"
        ).format(folder=folder, error=exc.strerror or exc)
        print(f"bang-companion games: {said}", file=sys.stderr)
        return 2
    for problem in skipped:
        print(_skipped(problem), file=sys.stderr)
    pages = len(written) - 1
    wrote = _words.ngettext(
        "Wrote index.html and {count} game page into {folder}",
        "Wrote index.html and {count} game pages into {folder}",
        pages,
    )
    print(wrote.format(count=pages, folder=folder))
    return 2 if skipped and not pages else 0


def on_a_pi() -> bool:
    """Whether this machine is a Raspberry Pi (its device tree says so)."""
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def build_parser() -> argparse.ArgumentParser:
    read_default = _("read its state folder (default: {path} if it exists)").format(
        path=DEFAULT_PATH
    )
    by_default = _("default {path}").format(path=DEFAULT_PATH)
    parser = argparse.ArgumentParser(
        prog="bang-companion",
        description=_("A table companion for BANG! The Dice Game: buttons, dice, life and arrows."),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = commands.add_parser(
        "simulate", help=_("whole games of random legal play or of computer players (--policy)")
    )
    sim.add_argument("--players", type=int, default=5, help=_("3 to 8 (default 5)"))
    sim.add_argument(
        "--games", type=_at_least_one, default=1000, help=_("how many games (default 1000)")
    )
    sim.add_argument("--seed", type=int, default=1, help=_("first game's seed (default 1)"))
    sim.add_argument(
        "--modules",
        nargs="*",
        default=[],
        metavar="MODULE",
        help=_(
            "ids of the modules in play (default: none; an unknown id is refused with the list "
            "of those installed)"
        ),
    )
    sim.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    sim.add_argument(
        "--policy",
        type=_policies,
        default=("random",),
        help=_(
            "the players, e.g. rules,random: seat s of game i is played by entry "
            "(s + i) mod the list's length; kinds: {kinds} (default random)"
        ).format(kinds=", ".join(BOTS)),
    )
    sim.set_defaults(func=_simulate)

    rep = commands.add_parser("replay", help=_("replay a game journal and print the final state"))
    rep.add_argument(
        "journal",
        nargs="?",
        help=_(
            "a journal file (JSON Lines, finished, abandoned or not), docs/journal.md "
            "(default: the newest in the state folder)"
        ),
    )
    rep.add_argument("--config", help=read_default)
    rep.add_argument(
        "--state-dir", help=_("read this state folder (default: the service's, or the emulator's)")
    )
    rep.add_argument("--json", action="store_true", help=_("print the final state as JSON"))
    rep.set_defaults(func=_replay)

    emu = commands.add_parser(
        "emulate", help=_("the whole companion on this computer: a window, or the terminal")
    )
    emu.add_argument("--config", help=_("a configuration file (default: built-in table)"))
    emu.add_argument(
        "--seats",
        type=int,
        help=_(
            "seats at the table, 3 to 8 (default {seats}, or the --config file's; "
            "given, it wins over the file's)"
        ).format(seats=EMULATOR_SEATS),
    )
    emu.add_argument(
        "--state-dir",
        "--state",
        dest="state_dir",
        help=_(
            "where journals go (default ~/.local/state/bang-companion; a --keys run without "
            "it plays in a fresh folder of its own and leaves your game alone)"
        ),
    )
    emu.add_argument("--console-width", type=int, choices=(128, 256), help=_("console panel width"))
    emu.add_argument(
        "--keys",
        help=_(
            'presses to feed, e.g. "SEAT1 SEAT2 SEAT3 DONE", then exit; "-": read them from '
            "stdin, one acknowledgement line per press"
        ),
    )
    emu.add_argument("--seed", type=int, help=_("seed the set-up's shuffles (repeatable games)"))
    emu.add_argument("--snapshot", help=_("save the final frame to this PNG"))
    emu.add_argument("--record", help=_("record every frame into this GIF"))
    emu.add_argument("--terminal", action="store_true", help=_("draw in the terminal, no window"))
    emu.set_defaults(func=_emulate)

    run = commands.add_parser("run", help=_("run the companion on the Pi (the systemd service)"))
    run.add_argument("--config", default=str(DEFAULT_PATH), help=by_default)
    run.add_argument("--verbose", action="store_true", help=_("log debugging detail"))
    run.set_defaults(func=_run)

    check = commands.add_parser(
        "check-hardware", help=_("what answers on the buses, each panel and button, the pods")
    )
    check.add_argument("--config", default=str(DEFAULT_PATH), help=by_default)
    check.add_argument("--no-buttons", action="store_true", help=_("do not ask for button presses"))
    check.add_argument(
        "--timeout", type=float, default=15.0, help=_("seconds to wait for each button (15)")
    )
    check.set_defaults(func=_check_hardware)

    games = commands.add_parser(
        "games", help=_("the finished games: date, players, winners, series")
    )
    games.add_argument("--config", help=read_default)
    games.add_argument(
        "--state-dir", help=_("read this state folder (default: the service's, or the emulator's)")
    )
    games.add_argument("--json", action="store_true", help=_("print the records as JSON"))
    games.add_argument(
        "--html",
        metavar="DIR",
        help=_(
            "write a web page per finished game (set-up, story, life chart) and index.html into DIR"
        ),
    )
    games.add_argument(
        "--language",
        type=_language,
        metavar="CODE",
        help=_(
            "the pages' and the list's language: {codes} (default: the configuration's, else en)"
        ).format(codes=", ".join(languages())),
    )
    games.set_defaults(func=_games)
    return parser


def report_module_problems() -> None:
    """One line for each module refused at start (failed to load, clashing id, a part that
    failed): the others play, and a configuration naming a refused one is refused by name."""
    load_layer("table")
    load_layer("bots")
    for line in module_problems():
        print(f"bang-companion: {line}", file=sys.stderr)


def speak_as_configured(argv: Sequence[str]) -> None:
    """Speak the configuration's language from the start, so the help and the first messages
    are in it: the file named by ``--config``, else the installed one; English when it cannot
    be read (the command that reads it says why)."""
    names = list(argv)
    path = DEFAULT_PATH
    if "--config" in names[:-1]:
        path = Path(names[names.index("--config") + 1])
    try:
        code = tomllib.loads(path.read_text(encoding="utf-8"))["game"]["language"]
        set_language(code)
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return


def main(argv: Sequence[str] | None = None) -> int:
    speak_as_configured(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        # With no command: the box on a Pi, the emulator anywhere else.
        args = parser.parse_args(["run" if on_a_pi() else "emulate"])
    report_module_problems()
    try:
        code = args.func(args)
        # A pipe's output is buffered: without this flush a reader that stopped early would
        # only be found at exit, where Python prints "Exception ignored ... BrokenPipeError".
        sys.stdout.flush()
        return code
    except (SetupError, ConfigError, JournalError, WebPageError, FolderBusy) as exc:
        print(f"bang-companion: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader stopped early (``| head``): what it read is all it wanted, so no traceback,
        # and nothing more written at exit to the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
