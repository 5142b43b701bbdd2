"""Ku-Ka-König in two browsers: a friend joins by the invitation link, both pick the same row
in secret (a collision burns the outermost card), the count and the reveal, then a clean take."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .helpers import create_table, invite_friend, shot

if TYPE_CHECKING:
    from playwright.sync_api import Page


def pick(page: Page, row: int) -> None:
    page.locator(f".kkk-row[data-row='{row}']:not([disabled])").click()


def test_pick_collision_and_reveal(new_page) -> None:
    ada, bea = new_page(), new_page()
    create_table(ada, "kukakoenig", "Ada", seed=5, players=2, seats={1: "human"})
    invite_friend(ada, bea, "Bea")
    ada.wait_for_selector(".kkk-row[data-row='1']:not([disabled])")
    row1 = ada.locator(".kkk-row[data-row='1'] .kkk-card").evaluate_all("els => els.map(e => e.dataset.card)")
    pick(ada, 1)
    ada.wait_for_selector(".kkk-row.my-pick[data-row='1']")
    assert "Your secret pick: row 1" in ada.inner_text("#pick-status")
    # the pick stays secret: Bea sees only that Ada has picked
    bea.wait_for_selector("#collections .player[data-seat='0'] .badge:text('picked')")
    assert "row 1" not in bea.inner_text("#collections")
    pick(bea, 1)
    ada.wait_for_selector("#count:text('Ku')")  # Ku – Ka – König!, then the reveal
    for page in (ada, bea):
        page.wait_for_selector(".board[data-counts='1'] #reveal .collision")
    text = ada.inner_text("#reveal")
    assert "Collision on row 1" in text and "You: row 1" in text and "Bea: row 1" in text
    burnt = ada.locator("#reveal .collision .kkk-card.burnt").get_attribute("data-card")
    assert burnt == row1[-1]  # the outermost card burns
    left = ada.locator(".kkk-row[data-row='1'] .kkk-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert left == row1[:-1]
    shot(ada, "kukakoenig-collision")
    # the next call: different rows, both take their row into their collections
    ada.wait_for_selector(".kkk-row[data-row='2']:not([disabled])")
    bea.wait_for_selector(".kkk-row[data-row='3']:not([disabled])")
    ada.keyboard.press("2")  # keyboard play: a row's number picks it
    ada.wait_for_selector(".kkk-row.my-pick[data-row='2']")
    pick(bea, 3)
    ada.wait_for_selector("#reveal li:text('You take row 2')")
    assert ada.locator("#collections .player[data-seat='0'] .coll-group").count() >= 1
    assert bea.locator("#collections .player[data-seat='1'] .coll-group").count() >= 1
    shot(ada, "kukakoenig-take")


def test_the_replay_steps_back_to_the_reveal_of_its_own_round(new_page, web_server) -> None:
    import random
    import time

    from ..server.harness import SeatLog, play_seat, run

    t = web_server.create("kukakoenig", [{"kind": "human", "name": "Rita"},
                                         {"kind": "bot", "level": "random"}], seed=12)
    run(play_seat(web_server.ws(t["id"], t["seats"][0]["token"]), SeatLog(0), random.Random(3)))
    deadline = time.monotonic() + 60
    while web_server.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the game did not end"
        time.sleep(0.1)
    page = new_page()
    page.goto(f"/#/replay/{t['id']}")
    page.wait_for_selector(".replay-page[data-version='0']")
    assert page.locator("#reveal").count() == 0  # nothing revealed yet
    page.click("#replay-last")
    page.wait_for_selector("#reveal")
    last_round = page.inner_text("#reveal h3")
    assert "round 1," not in last_round, last_round
    page.keyboard.press("Home")
    page.wait_for_selector(".replay-page[data-version='0']")
    assert page.locator("#reveal").count() == 0, page.inner_text("#reveal")
    # a few steps on: the reveal shown is one of round 1
    for _ in range(6):
        page.click("#replay-next")
        if page.locator("#reveal").count():
            break
    assert "round 1," in page.inner_text("#reveal h3")
