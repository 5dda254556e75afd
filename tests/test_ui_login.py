"""The web chat's login: failed logins are throttled per client, and a chat served beyond
loopback must have one."""

from __future__ import annotations

import contextvars
import socket
from pathlib import Path

import httpx
import pytest
from fastapi import HTTPException

from assistant.answer import Assistant
from assistant.cli import main
from assistant.settings import Settings
from ingest.store import Index
from ui import app as ui_app
from ui.app import BACKOFF_S, MAX_FAILURES, LoginThrottle, launch, login_check


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _login(check: LoginThrottle | None, client: str, username: str, password: str) -> bool:
    """One login from this client address, which the middleware sets for each request."""
    assert check is not None

    def attempt() -> bool:
        ui_app._CLIENT.set(client)
        return check(username, password)

    return contextvars.Context().run(attempt)


ATTACKER, OTHER = "203.0.113.7", "198.51.100.2"


def test_five_failures_lock_the_client_out_even_with_the_right_password() -> None:
    clock = Clock()
    check = login_check(Settings(auth="ann:secret"), clock)
    fails = [_login(check, ATTACKER, "ann", "guess") for _ in range(MAX_FAILURES)]
    assert fails == [False] * MAX_FAILURES
    with pytest.raises(HTTPException) as refused:
        _login(check, ATTACKER, "ann", "secret")
    assert refused.value.status_code == 429 and "try again in 300 s" in refused.value.detail
    assert refused.value.headers == {"Retry-After": "300"}
    assert _login(check, OTHER, "ann", "secret") is True  # another client is not held back

    clock.now += BACKOFF_S - 1
    with pytest.raises(HTTPException):
        _login(check, ATTACKER, "ann", "secret")
    clock.now += 1
    assert _login(check, ATTACKER, "ann", "secret") is True


def test_failures_spread_beyond_the_window_are_not_throttled() -> None:
    clock = Clock()
    check = login_check(Settings(auth="ann:secret"), clock)
    for _ in range(3 * MAX_FAILURES):
        assert _login(check, ATTACKER, "ann", "guess") is False
        clock.now += 15  # four failures a minute
    assert _login(check, ATTACKER, "bob", "secret") is False
    assert _login(check, ATTACKER, "ann", "secret") is True


def test_a_success_forgets_earlier_failures() -> None:
    check = login_check(Settings(auth="ann:secret"), Clock())
    for _ in range(2):
        fails = [_login(check, ATTACKER, "ann", "guess") for _ in range(MAX_FAILURES - 1)]
        assert fails == [False] * (MAX_FAILURES - 1)
        assert _login(check, ATTACKER, "ann", "secret") is True


def test_serving_beyond_loopback_without_a_login_refuses_to_start(tmp_path: Path, capsys,
                                                                   monkeypatch) -> None:
    monkeypatch.delenv("PROFILECHAT_AUTH", raising=False)
    monkeypatch.delenv("PROFILECHAT_HOST", raising=False)
    code = main(["--home", str(tmp_path), "chat", "--host", "0.0.0.0", "--llm", "extractive"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("profilechat: refusing to serve on 0.0.0.0 without a login")
    assert "PROFILECHAT_AUTH=user:pass" in err and "TLS" in err
    assert login_check(Settings(host="127.0.0.1")) is None
    assert login_check(Settings(host="::1")) is None
    assert login_check(Settings(host="0.0.0.0", auth="ann:secret")) is not None
    with pytest.raises(ui_app.ProfileChatError, match="refusing to serve on 10.1.2.3"):
        login_check(Settings(host="10.1.2.3"))


def test_the_running_server_throttles_logins_from_one_address(settings: Settings,
                                                               index: Index) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.port, settings.auth = port, "ann:secret"
    demo, url = launch(settings, assistant=Assistant(settings, index=index, chat_model=None),
                       block=False)
    try:
        codes = [httpx.post(f"{url}login", data={"username": "ann", "password": "guess"})
                 .status_code for _ in range(MAX_FAILURES)]
        right = httpx.post(f"{url}login", data={"username": "ann", "password": "secret"})
        assert codes == [400] * MAX_FAILURES
        assert right.status_code == 429 and "Too many failed logins" in right.text
        assert int(right.headers["retry-after"]) == BACKOFF_S
    finally:
        demo.close()
