"""The input queue the session thread sleeps on."""

from __future__ import annotations

import threading

from companion.devices.inputs import ButtonEvent, InputQueue


def test_an_interrupt_wakes_a_get_that_waits_without_a_timeout():
    queue = InputQueue()
    got: list[ButtonEvent | None] = []
    waiter = threading.Thread(target=lambda: got.append(queue.get()))
    waiter.start()
    queue.interrupt()
    waiter.join(5)
    assert not waiter.is_alive() and got == [None]


def test_events_keep_their_order_and_drain_skips_interrupts():
    queue = InputQueue()
    queue.put(ButtonEvent("ROLL"))
    queue.interrupt()
    queue.put(ButtonEvent("DONE"))
    assert [e.button for e in queue.drain()] == ["ROLL", "DONE"]
    assert queue.drain() == []
