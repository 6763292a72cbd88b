"""BANG! Dice companion seat pod: reference MicroPython firmware for a Raspberry Pi Pico.

Buttons wired between a GPIO and GND (internal pull-ups) are debounced and reported over USB
serial as PRESS or HOLD lines; STATE lines from the companion are drawn on an optional SSD1306.
Edit the settings below, then copy this file, glyphs.py and pod_protocol.py to the Pico (see
README.md).
"""

import select
import sys
import time

from machine import I2C, Pin

import glyphs
import pod_protocol

# --- settings -------------------------------------------------------------------------------
POD_ID = "pod-1"  # 1 to 32 of A-Z a-z 0-9 _ -; shows up in the companion's log
BUTTONS = (("A", 15), ("B", 14))  # (button id, GPIO); map the ids in the companion's config
DEBOUNCE_MS = 20
HOLD_MS = 1000  # like hold_time in the companion's [buttons] section
HEARTBEAT_MS = 5000  # 0 sends no heartbeats
OLED = None  # e.g. {"sda": 4, "scl": 5, "address": 0x3C, "width": 128, "height": 64}
LOOP_MS = 5
# ---------------------------------------------------------------------------------------------


def send(line):
    """Write one protocol line to the USB serial port."""
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        sys.stdout.write(line.decode())
    else:
        out.write(line)


def wrap(text, width, rows):
    """text broken into at most rows lines of width characters, at spaces where possible."""
    lines = []
    words = text.split(" ")
    current = ""
    for word in words:
        while len(word) > width:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current = current + " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines[:rows]


class Screen:
    """The seat as the companion describes it: life bar, arrows, turn, prompt."""

    def __init__(self, settings):
        import ssd1306  # install with: mpremote mip install ssd1306

        i2c = I2C(0, sda=Pin(settings["sda"]), scl=Pin(settings["scl"]), freq=400000)
        self.width = settings.get("width", 128)
        self.height = settings.get("height", 64)
        self.oled = ssd1306.SSD1306_I2C(
            self.width, self.height, i2c, addr=settings.get("address", 0x3C)
        )
        self.columns = self.width // 8
        self.show_waiting()

    def show_waiting(self):
        """Until the first STATE line: say who we are, so a miswired pod is easy to spot."""
        self.oled.invert(0)
        self.oled.fill(0)
        self.oled.text(POD_ID, 0, 0)
        self.oled.text("waiting for", 0, 24)
        self.oled.text("companion...", 0, 34)
        self.oled.show()

    def draw(self, state):
        """Redraw it all (cheaper than tracking changes on 1 KB); a legal answer is inverted."""
        oled = self.oled
        oled.fill(0)
        if state["eliminated"]:
            oled.text("OUT", 0, 0)
        else:
            oled.text("LIFE %d/%d" % (state["life"], state["max_life"]), 0, 0)
        if state["turn"]:
            oled.text("TURN", self.width - 32, 0)
        if state["max_life"]:
            filled = (self.width - 4) * min(state["life"], state["max_life"]) // state["max_life"]
            oled.rect(0, 10, self.width, 7, 1)
            oled.fill_rect(2, 12, filled, 3, 1)
        oled.text("ARROWS %d" % state["arrows"], 0, 20)
        rows = (self.height - 32) // 8
        for row, line in enumerate(wrap(state["prompt"], self.columns, rows)):
            glyphs.draw_text(oled, line, 0, 32 + 8 * row)
        oled.invert(1 if state["legal"] else 0)
        oled.show()


def handle(line, screen):
    """Act on one line from the companion; anything it cannot parse is ignored, as specified."""
    try:
        message = pod_protocol.parse_line(line)
    except pod_protocol.ProtocolError:
        return
    if message["type"] == "PING":
        send(pod_protocol.format_hello(POD_ID, [name for name, _ in BUTTONS]))
    elif screen is not None:
        screen.draw(message)


def main():
    pins = [(name, Pin(gpio, Pin.IN, Pin.PULL_UP)) for name, gpio in BUTTONS]
    trackers = {}
    for name, _ in BUTTONS:
        trackers[name] = pod_protocol.ButtonTracker(DEBOUNCE_MS, HOLD_MS, time.ticks_diff)
    screen = Screen(OLED) if OLED else None
    reader = pod_protocol.LineReader()
    stdin = getattr(sys.stdin, "buffer", sys.stdin)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)

    send(pod_protocol.format_hello(POD_ID, [name for name, _ in BUTTONS]))
    last_beat = time.ticks_ms()
    while True:
        now = time.ticks_ms()
        for name, pin in pins:
            event = trackers[name].update(pin.value() == 0, now)
            if event == "PRESS":
                send(pod_protocol.format_press(name))
            elif event == "HOLD":
                send(pod_protocol.format_hold(name))
        while poll.poll(0):
            data = stdin.read(1)
            if isinstance(data, str):
                data = data.encode()
            for line in reader.feed(data):
                handle(line, screen)
        if HEARTBEAT_MS and time.ticks_diff(now, last_beat) >= HEARTBEAT_MS:
            send(pod_protocol.format_beat())
            last_beat = now
        time.sleep_ms(LOOP_MS)


main()
