"""Socket activation (issue 34): ``bang-companion run`` serves the public page on the socket
systemd passes (bang-companion-web.socket), read as sd_listen_fds(3) reads it, and not on
``[web]``'s address; also from a network namespace of its own with nothing but loopback
(PrivateNetwork=yes), where the socket still works because it was bound outside. The real
process is started as systemd starts it: the socket at descriptor 3, $LISTEN_PID its own."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.systemd import passed_sockets
from tests.test_daemon import SMALL_CONFIG

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 60.0  # seconds for the process to start, answer and stop (a loaded machine)
# What systemd does between fork and exec: the socket to descriptor 3, then $LISTEN_PID (this
# very process, which exec keeps) and $LISTEN_FDS.
AS_SYSTEMD = """
import os, sys
fd = int(sys.argv[1])
if fd != 3:
    os.dup2(fd, 3)
    os.close(fd)
os.environ.update(LISTEN_PID=str(os.getpid()), LISTEN_FDS="1")
os.environ["LISTEN_FDNAMES"] = "bang-companion-web.socket"
os.execv(sys.executable, [sys.executable, "-m", "companion", *sys.argv[2:]])
"""


def private_network_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = ["unshare", "--net", "--map-root-user", "true"]
    return subprocess.run(probe, capture_output=True, timeout=30).returncode == 0


def test_no_socket_is_taken_that_systemd_meant_for_another_process() -> None:
    env = {"LISTEN_PID": str(os.getpid() + 1), "LISTEN_FDS": "1", "LISTEN_FDNAMES": "x"}
    assert passed_sockets(env) == []
    assert env == {}  # unset, so that no child takes them for its own
    assert passed_sockets({}) == []


def test_a_listen_fds_systemd_never_writes_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="LISTEN_FDS='two': expected the number of sockets"):
        passed_sockets({"LISTEN_PID": str(os.getpid()), "LISTEN_FDS": "two"})


def started_as_systemd(
    tmp_path: Path, listener: socket.socket, web: str, private: bool = False
) -> subprocess.Popen[bytes]:
    """``bang-companion run`` with ``web`` as its [web] section, started as systemd starts it
    with ``listener`` (then closed here: the service's copy is the only one); its standard
    error in tmp_path/stderr.txt."""
    config = tmp_path / "config.toml"
    config.write_text(SMALL_CONFIG.format(state_dir=tmp_path / "state") + f"\n[web]\n{web}\n")
    unset = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    command = [sys.executable, "-c", AS_SYSTEMD, str(listener.fileno())]
    command += ["run", "--config", str(config)]
    if private:
        command = ["unshare", "--net", "--map-root-user", *command]
    with (tmp_path / "stderr.txt").open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env | {"GPIOZERO_PIN_FACTORY": "mock"},
            pass_fds=(listener.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    listener.close()
    return process


def stopped(process: subprocess.Popen[bytes]) -> int:
    """SIGTERM, as systemd stops the service: its exit status."""
    try:
        process.send_signal(signal.SIGTERM)
        return process.wait(timeout=DEADLINE)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize("private", [False, True], ids=["host network", "private network"])
def test_the_service_serves_the_page_on_the_socket_systemd_passed(
    tmp_path: Path, private: bool
) -> None:
    if private and not private_network_works():
        pytest.skip("unshare --net --map-root-user is not allowed here")
    listener = socket.create_server(("127.0.0.1", 0), backlog=16)
    port = listener.getsockname()[1]
    # The same address and port in [web]: binding them would fail while the socket listens.
    web = f'enabled = true\naddress = "127.0.0.1"\nport = {port}'
    process = started_as_systemd(tmp_path, listener, web, private)
    try:
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
        phone.request("GET", "/state")
        answer = phone.getresponse()
        status, state = answer.status, json.loads(answer.read())
        phone.close()
    finally:
        code = stopped(process)
    said = (tmp_path / "stderr.txt").read_text()
    assert code == 0, said
    assert status == 200 and "seats" in state, state
    assert f"web page: http://127.0.0.1:{port}/ (the socket systemd passed)" in said, said
    assert "cannot listen" not in said and "Traceback" not in said


def test_a_socket_passed_while_the_page_is_off_is_said_and_the_table_plays(
    tmp_path: Path,
) -> None:
    listener = socket.create_server(("127.0.0.1", 0), backlog=16)
    process = started_as_systemd(tmp_path, listener, "enabled = false")
    log = tmp_path / "stderr.txt"
    try:
        for _ in range(int(DEADLINE / 0.05)):  # bounded: till the table is ready
            if "ready:" in log.read_text() or process.poll() is not None:
                break
            time.sleep(0.05)
    finally:
        code = stopped(process)
    said = log.read_text()
    assert code == 0 and "ready:" in said, said
    assert "systemd passed the page's socket but [web] enabled is false" in said
    assert "web page:" not in said and "Traceback" not in said
