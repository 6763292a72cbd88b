"""GpioButtons over gpiozero's mock pins, and the pure parts of buttons.py."""

from __future__ import annotations

import threading

import pytest
from gpiozero.exc import GPIOPinInUse
from gpiozero.pins.mock import MockFactory

from companion.devices.buttons import ButtonPins, GpioButtons
from companion.devices.inputs import ButtonEvent, InputQueue

# Long enough to wait for, short enough that a test never idles for long.
WAIT = 5.0


def push(factory: MockFactory, pin: int) -> None:
    """A short push of a pull-up button: the pin goes low, then high again."""
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def kinds(events: list[ButtonEvent]) -> list[tuple[str, str]]:
    return [(event.button, event.kind) for event in events]


@pytest.fixture
def queue() -> InputQueue:
    return InputQueue()


def test_a_push_is_one_press_reported_on_release(mock_factory, queue):
    with GpioButtons(ButtonPins({"ROLL": 5, "DIE1": 19}, hold_time=60), queue):
        mock_factory.pin(5).drive_low()
        assert queue.drain() == []
        mock_factory.pin(5).drive_high()
        push(mock_factory, 19)
        assert kinds(queue.drain()) == [("ROLL", "press"), ("DIE1", "press")]


def test_events_name_their_source(mock_factory, queue):
    with GpioButtons(ButtonPins({"DONE": 6}, hold_time=60), queue, source="gpio-test"):
        push(mock_factory, 6)
        (event,) = queue.drain()
        assert event.source == "gpio-test"


def test_a_hold_is_one_hold_and_its_release_is_no_press(mock_factory, queue):
    with GpioButtons(ButtonPins({"SEAT1": 17}, hold_time=0.01), queue) as buttons:
        mock_factory.pin(17).drive_low()
        event = queue.get(timeout=WAIT)
        assert event is not None and (event.button, event.kind) == ("SEAT1", "hold")
        mock_factory.pin(17).drive_high()
        assert queue.drain() == []
        # The button forgets the hold: the next short push is an ordinary press again.
        buttons.hold_time = 60
        push(mock_factory, 17)
        assert kinds(queue.drain()) == [("SEAT1", "press")]


EXAMPLE_PINS = {
    "ROLL": 5, "DONE": 6, "UNDO": 13, "DIE1": 19, "DIE2": 26, "DIE3": 16, "DIE4": 20,
    "DIE5": 21, "DIE6": 12, "SEAT1": 17, "SEAT2": 27, "SEAT3": 22, "SEAT4": 23,
    "SEAT5": 24, "SEAT6": 25, "SEAT7": 4, "SEAT8": 18,
}  # fmt: skip


def test_no_thread_runs_while_nobody_presses_and_one_timer_while_a_button_is_down(
    mock_factory, queue
):
    before = set(threading.enumerate())

    def started() -> list[threading.Thread]:
        return [t for t in set(threading.enumerate()) - before if t.is_alive()]

    with GpioButtons(ButtonPins(EXAMPLE_PINS, hold_time=60), queue):
        assert started() == []
        mock_factory.pin(17).drive_low()
        (timer,) = started()
        mock_factory.pin(17).drive_high()
        timer.join(WAIT)
        assert started() == []
        assert kinds(queue.drain()) == [("SEAT1", "press")]


def test_a_hold_timer_of_an_earlier_push_never_makes_a_hold(mock_factory, queue):
    with GpioButtons(ButtonPins({"SEAT1": 17}, hold_time=60), queue) as buttons:
        mock_factory.pin(17).drive_low()
        (stale,) = buttons._timers.values()
        mock_factory.pin(17).drive_high()
        mock_factory.pin(17).drive_low()
        stale.function(*stale.args)  # the first push's timer firing as it was cancelled
        mock_factory.pin(17).drive_high()
        assert kinds(queue.drain()) == [("SEAT1", "press"), ("SEAT1", "press")]


def test_closing_cancels_an_armed_hold(mock_factory, queue):
    buttons = GpioButtons(ButtonPins({"SEAT1": 17}, hold_time=60), queue)
    mock_factory.pin(17).drive_low()
    (timer,) = buttons._timers.values()
    buttons.close()
    timer.join(WAIT)
    assert not timer.is_alive()
    assert queue.drain() == []


def test_presses_from_another_thread_arrive_in_order(mock_factory, queue):
    pins = {"ROLL": 5, "DONE": 6, "UNDO": 13, "DIE1": 19, "SEAT1": 17, "SEAT2": 27}
    order = ["DIE1", "SEAT2", "ROLL", "UNDO", "DIE1", "DONE", "SEAT1", "ROLL"] * 5
    with GpioButtons(ButtonPins(pins, hold_time=60), queue):

        def player() -> None:
            for name in order:
                push(mock_factory, pins[name])

        thread = threading.Thread(target=player)
        thread.start()
        thread.join(WAIT)
        assert not thread.is_alive()
        assert kinds(queue.drain()) == [(name, "press") for name in order]


def test_close_releases_the_pins(mock_factory, queue):
    pins = ButtonPins({"ROLL": 5})
    buttons = GpioButtons(pins, queue)
    buttons.close()
    buttons.close()
    # The pin is free again: a second owner may claim it.
    GpioButtons(pins, queue).close()


def test_a_pin_already_in_use_fails_and_frees_what_was_claimed(mock_factory, queue):
    with GpioButtons(ButtonPins({"ROLL": 5}), queue), pytest.raises(GPIOPinInUse):
        GpioButtons(ButtonPins({"DONE": 6, "UNDO": 5}), queue)
    # DONE (pin 6) was released again when UNDO failed.
    GpioButtons(ButtonPins({"DONE": 6}), queue).close()


def test_settings_reach_gpiozero(mock_factory, queue):
    with GpioButtons(
        ButtonPins({"ROLL": 5}, hold_time=2.5, bounce_time=0.05, pull_up=False), queue
    ) as buttons:
        assert buttons.names == ("ROLL",)
        button = buttons._buttons["ROLL"]
        assert buttons.hold_time == 2.5
        assert button.pin.bounce == 0.05
        assert button.pull_up is False


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        ({"SHOOT": 5}, "unknown button 'SHOOT'.*expected ROLL"),
        ({"SEAT9": 5}, "unknown button 'SEAT9'"),
        ({"ROLL": 1}, r"buttons\.ROLL: BCM pin 1 is outside the header: expected 2\.\.27"),
        ({"ROLL": 28}, r"buttons\.ROLL: BCM pin 28"),
        ({"ROLL": "5"}, r"buttons\.ROLL: pin '5' is not a BCM pin number"),
        ({"ROLL": True}, r"buttons\.ROLL: pin True"),
        ({"ROLL": 5, "DONE": 5}, r"buttons\.DONE: BCM pin 5 is already used by buttons\.ROLL"),
    ],
)
def test_bad_pins_are_named(pins, message):
    with pytest.raises(ValueError, match=message):
        ButtonPins(pins)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"hold_time": 0}, r"buttons\.hold_time: 0: expected seconds, more than 0"),
        ({"hold_time": "1s"}, r"buttons\.hold_time"),
        ({"bounce_time": -0.1}, r"buttons\.bounce_time"),
        ({"pull_up": "yes"}, r"buttons\.pull_up"),
    ],
)
def test_bad_timing_is_named(settings, message):
    with pytest.raises(ValueError, match=message):
        ButtonPins({"ROLL": 5}, **settings)


def test_from_config_reads_the_toml_shape():
    buttons = {"ROLL": 5, "DONE": 6, "UNDO": 13, "DIE1": 19, "hold_time": 0.8, "bounce_time": 0.03}
    seats = [
        {"button": 17, "panel": {"driver": "ssd1306"}},
        {"panel": {"driver": "ssd1306"}},
        {"button": 22},
    ]
    pins = ButtonPins.from_config(buttons, seats)
    assert pins.pins == {"ROLL": 5, "DONE": 6, "UNDO": 13, "DIE1": 19, "SEAT1": 17, "SEAT3": 22}
    assert (pins.hold_time, pins.bounce_time, pins.pull_up) == (0.8, 0.03, True)


def test_from_config_refuses_a_seat_button_given_twice():
    with pytest.raises(ValueError, match=r"seat\[1\]\.button: .* also given as buttons\.SEAT1"):
        ButtonPins.from_config({"SEAT1": 17}, [{"button": 18}])


def test_from_config_names_a_clash_between_a_seat_and_a_console_button():
    with pytest.raises(
        ValueError, match=r"seat\[1\]\.button: BCM pin 5 is already used by buttons\.ROLL"
    ):
        ButtonPins.from_config({"ROLL": 5}, [{"button": 5}])
