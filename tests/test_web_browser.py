"""tonk serve in a real browser: Playwright driving Debian's Chromium.

A whole hand of a person against GreedyBot, created in the lobby and played
by clicking; a whole hand between two people in two browser contexts (one of
them phone-sized). With ``TONK_SCREENSHOTS=DIR`` in the environment the runs
save the pictures of docs/server.md there (docs/_static/server).
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("playwright")

import uvicorn
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tonk.web.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = ViewportSize(width=1200, height=860)
PHONE = ViewportSize(width=390, height=844)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Chromium (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve a fresh database on a free loopback port, in a thread."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(tmp_path_factory.mktemp("web") / "db", bot_delay=0.05)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


def refusals(page: Page) -> list[str]:
    """Collect what goes wrong in ``page``: uncaught script errors, and what
    the Content-Security-Policy refuses (a style or a script the page needs).
    """
    found: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            found.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("TONK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def click_one(page: Page, rng: random.Random) -> bool:
    """Click one offered action (never a drop, to play on); False if none is offered."""
    buttons = page.locator("#actions button:enabled")
    labels = buttons.all_inner_texts()
    if not labels:
        return False
    choices = [label for label in labels if label != "drop"] or labels
    try:
        page.locator(
            "#actions button:enabled", has_text=rng.choice(choices)
        ).first.click(timeout=5_000)
    except PlaywrightTimeoutError:  # another seat's move took the offer away
        return False
    return True


def create_table(server: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a table through the server's API; return its answer."""
    request = urllib.request.Request(
        server + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        table: dict[str, Any] = json.loads(response.read())
    return table


def is_over(page: Page) -> bool:
    return page.locator("#status", has_text="the table has finished").count() > 0


def test_a_person_plays_a_hand_against_greedy_bot_by_clicking(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    errors = refusals(page)
    rng = random.Random(2)
    clicks = 0
    for _ in range(10):  # a hand may end before Ann's turn (a drop, a deal tonk)
        page.goto(server + "/")
        page.select_option("#preset", "pagat")
        page.select_option("#players", "2")
        page.fill("input[name=name-0]", "Ann")
        page.select_option("select[name=kind-1]", "bot")
        page.fill("input[name=bot-1]", "greedy")
        screenshot(page, "lobby.png")
        page.click("button[type=submit]")
        link = page.locator("#links a[data-seat='0']").get_attribute("href")
        assert link is not None
        assert "#" in link
        page.goto(link)
        page.wait_for_selector("#picture svg")
        assert "Ann" in page.inner_text("#seats")
        deadline = time.monotonic() + 60
        while not is_over(page):
            assert time.monotonic() < deadline, "the hand did not end"
            if click_one(page, rng):
                clicks += 1
                if clicks == 3:
                    screenshot(page, "table-desktop.png")
                    page.reload()  # a reconnect with the same link: the seat is back
                    # (the third click, or the bot's answer, may have ended the hand)
                    back = re.compile("hand 1|the table has finished")
                    page.locator("#status", has_text=back).wait_for()
            page.wait_for_timeout(30)
        if clicks:
            break
    assert clicks >= 1
    assert page.locator("#result").is_visible()
    assert "payoffs" in page.inner_text("#result")
    assert page.locator("#records a").count() == 2
    screenshot(page, "table-result.png")
    page.goto(server + "/")
    page.wait_for_selector("#tables tbody tr")
    assert "finished" in page.inner_text("#tables")
    assert errors == []
    page.close()


def test_two_people_play_a_hand_in_two_browsers(server: str, browser: Browser) -> None:
    body = {
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    }
    table = create_table(server, body)
    desktop = browser.new_context(viewport=DESKTOP)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    pages = [context.new_page() for context in (desktop, phone)]
    errors = [refusals(page) for page in pages]
    for page, seat in zip(pages, table["seats"], strict=True):
        page.goto(server + seat["link"])
        page.wait_for_selector("#picture svg")
    rng = random.Random(8)
    deadline = time.monotonic() + 60
    shot = False
    while not all(is_over(page) for page in pages):
        assert time.monotonic() < deadline, "the hand did not end"
        for page in pages:
            if click_one(page, rng) and not shot and page is pages[1]:
                page.wait_for_timeout(100)
                screenshot(page, "table-phone.png")
                shot = True
        pages[0].wait_for_timeout(30)
    results = [page.inner_text("#result") for page in pages]
    assert results[0] == results[1]
    assert errors == [[], []]
    for context in (desktop, phone):
        context.close()


def test_a_player_leaves_and_a_watcher_takes_a_seat_between_hands(
    server: str, browser: Browser
) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bo"},
        {"kind": "bot", "bot": "greedy"},
    ]
    body = {"seats": seats, "mode": "session", "hands": 3}
    table = create_table(server, body)
    context = browser.new_context(viewport=DESKTOP)
    ann, bo, watcher = (context.new_page() for _ in range(3))
    errors = [refusals(page) for page in (ann, bo, watcher)]
    for page, seat in ((ann, 0), (bo, 1)):
        page.goto(server + table["seats"][seat]["link"])
        page.wait_for_selector("#picture svg")
    watcher.goto(server + table["spectate"])
    watcher.fill("#join-name", "Di")
    watcher.click("#join button[type=submit]")
    # The page keeps the new seat's link, to come back with, and reloads.
    watcher.wait_for_url(re.compile(r"#.+"))
    watcher.wait_for_load_state()
    watcher.locator("#title", has_text="watching").wait_for()
    watcher.locator("#join").wait_for(state="hidden")
    ann.click("#leave")
    assert "when this hand ends" in ann.inner_text("#seating-note")
    rng = random.Random(5)
    deadline = time.monotonic() + 90
    while "left the table" not in ann.inner_text("#connection"):
        assert time.monotonic() < deadline, (
            ann.inner_text("#connection"),
            ann.inner_text("#error"),
            ann.inner_text("#status"),
        )
        for page in (ann, bo):  # a drop, when offered, ends the hand soon
            drop = page.locator("#actions button:enabled", has_text="drop")
            if drop.count():
                drop.first.click(timeout=5_000)
            else:
                click_one(page, rng)
        ann.wait_for_timeout(30)
    watcher.locator("#title", has_text="(Di)").wait_for()
    assert "Ann" not in watcher.inner_text("#seats")
    # Bo's page hears of the new seat in its own time, maybe after Di's.
    bo.locator("#seats", has_text=re.compile(r"\bDi\b")).wait_for()
    assert errors == [[], [], []]
    context.close()


def test_a_person_tunks_under_hoyle_by_clicking(
    server: str, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The deal of seed 409 lets Ann, first to play, tunk after she draws (H5).
    monkeypatch.setattr(secrets, "randbits", lambda bits: 409)
    body = {
        "preset": "hoyle",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}],
    }
    table = create_table(server, body)
    page = browser.new_page(viewport=DESKTOP)
    errors = refusals(page)
    page.goto(server + table["seats"][0]["link"])
    page.locator("#actions button:enabled", has_text="draw stock").click()
    tunk = page.locator("#actions button:enabled", has_text="tunk").first
    assert tunk.inner_text().startswith("tunk 3C 3D 3H")
    tunk.click()
    page.locator("#status", has_text="the table has finished").wait_for()
    assert page.inner_text("#error") == ""
    assert "payoffs" in page.inner_text("#result")
    assert errors == []
    page.close()


def test_a_person_makes_the_choices_before_the_deal_by_clicking(
    server: str, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    # V45: before the deal the dealer calls a suit and each player bets; the
    # page offers each choice as a button, the bot makes the plain one. The
    # cut of seed 1 makes Ann the dealer; the bot bets first, on her left.
    monkeypatch.setattr(secrets, "randbits", lambda bits: 1)
    body = {
        "preset": "pagat",
        "rules": {"suit_bet": 1},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}],
    }
    table = create_table(server, body)
    page = browser.new_page(viewport=DESKTOP)
    errors = refusals(page)
    page.goto(server + table["seats"][0]["link"])
    page.locator("#status", has_text="your turn, to").wait_for()
    page.locator("#status", has_text="your turn, to call a suit").wait_for()
    assert page.locator("#actions button").all_inner_texts() == [
        "call suit C",
        "call suit D",
        "call suit H",
        "call suit S",
    ]
    page.locator("#actions button", has_text="call suit H").click()
    page.locator("#status", has_text="your turn, to bet").wait_for()
    assert "(suit called: H)" in page.inner_text("#status")
    assert page.locator("#actions button").all_inner_texts() == ["bet none", "bet suit"]
    page.locator("#actions button", has_text="bet suit").click()
    page.wait_for_selector("#picture svg")  # dealt
    # The log may already go on past the deal (the bot's first turn).
    page.locator("#log", has_text="hand 1 dealt").wait_for()
    lines = page.inner_text("#log").splitlines()
    dealt = lines.index("hand 1 dealt")
    assert lines[dealt - 3 : dealt + 1] == [
        "Ann (0): call suit H",
        "greedy 2 (1): bet none",
        "Ann (0): bet suit",
        "hand 1 dealt",
    ]
    rng = random.Random(4)
    deadline = time.monotonic() + 60
    while not is_over(page):
        assert time.monotonic() < deadline, "the hand did not end"
        click_one(page, rng)
        page.wait_for_timeout(30)
    assert "payoffs" in page.inner_text("#result")
    assert errors == []
    page.close()
