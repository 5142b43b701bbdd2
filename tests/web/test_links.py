"""No seat token in any address the client shows: the page's address names the table only
(#/table/ID), links and the copied invitation carry invitations, never a token. A reload of
#/table/ID rejoins the seat (the token is in localStorage), another browser opening it
watches, and an old #/table/ID/TOKEN link takes the seat and rewrites the address at once.
(The security headers' console check of conftest.py runs over all of it.)"""

from __future__ import annotations

import httpx

from .helpers import create_table, shot

#: every address the page shows: its own, its links, the invitation fields and what Copy put
#: on the clipboard (navigator.clipboard.writeText is recorded, not used)
SHOWN = """() => [location.href, ...[...document.querySelectorAll('a[href]')].map(a => a.href),
  ...[...document.querySelectorAll('input')].map(i => i.value), ...(window.copied || [])]"""
RECORD_COPIES = """() => { window.copied = [];
  navigator.clipboard.writeText = async (text) => { window.copied.push(text); }; }"""


def held_tokens(page) -> list[str]:
    """The tokens this browser holds (localStorage), each table's and each rematch's."""
    seats = page.evaluate("JSON.parse(localStorage.getItem('kingscourt.seats') || '{}')")
    return [s["token"] for s in seats.values() if s.get("token")]


def assert_no_token(page, tokens: list[str]) -> None:
    shown = page.evaluate(SHOWN)
    assert tokens, "this browser holds no seat"
    for token in tokens:
        leaks = [a for a in shown if token in a]
        assert not leaks, leaks


def test_no_token_in_any_address(new_page, web_server) -> None:
    host = new_page()
    create_table(host, "kukakoenig", "Ada", seed=3, players=2, seats={1: "human"})
    host.wait_for_selector(".invite-link")
    table_id = host.url.split("#/table/")[1]
    assert host.url.endswith(f"#/table/{table_id}"), host.url
    host.evaluate(RECORD_COPIES)
    host.click(".invite-box button:text('Copy')")
    host.wait_for_function("() => window.copied.length === 1")
    copied = host.evaluate("window.copied[0]")
    assert f"#/join/{table_id}/" in copied, copied
    assert_no_token(host, held_tokens(host))
    # the friend joins through the invitation: the address then names the table only
    friend = new_page()
    friend.goto(copied)
    friend.fill("#join-name", "Bea")
    friend.click("form.join button[type=submit]")
    friend.wait_for_selector(".board[data-version]")
    assert friend.url.endswith(f"#/table/{table_id}"), friend.url
    assert friend.inner_text(".seat-label") == "You: seat 2"
    assert_no_token(friend, held_tokens(friend))
    # a reload of that address rejoins the seat
    friend.reload()
    friend.wait_for_selector(".board[data-version]")
    assert friend.inner_text(".seat-label") == "You: seat 2"
    # the same address in another browser is a spectator's
    other = new_page()
    other.goto(f"/#/table/{table_id}")
    other.wait_for_selector(".board[data-version]")
    assert other.inner_text(".seat-label") == "Spectator"
    # the lobby's links to the table: the table only
    host.goto("/")
    host.wait_for_selector(f"tr[data-table='{table_id}']")
    assert_no_token(host, held_tokens(host))
    shot(friend, "links-the-table-only")


def test_an_old_link_moves_the_token_into_storage(new_page, web_server) -> None:
    r = httpx.post(f"{web_server.url}/api/tables", timeout=10, json={
        "game": "kukakoenig", "seats": [{"kind": "human", "name": "Ola"},
                                        {"kind": "bot", "level": "random"}]})
    assert r.status_code == 201, r.text
    t = r.json()
    token = t["seats"][0]["token"]
    page = new_page()
    page.goto(f"/#/table/{t['id']}/{token}")
    page.wait_for_selector(".board[data-version]")
    assert page.url.endswith(f"#/table/{t['id']}"), page.url
    assert page.inner_text(".seat-label") == "You: seat 1"
    assert held_tokens(page) == [token]
    assert_no_token(page, [token])
    # it was rewritten in place: no entry of the history holds it
    page.go_back()
    assert token not in page.url
    page.go_forward()
    page.reload()
    page.wait_for_selector(".board[data-version]")
    assert page.inner_text(".seat-label") == "You: seat 1"
