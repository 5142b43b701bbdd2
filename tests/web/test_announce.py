"""Screen readers hear Ku-Ka-König and Ucho Króla (issue 31): each new state is said in the
page's live region (#announcer) as the board module's ``said`` tells it, in the page's
language, with only what the seat's view shows: a friend hears *that* you picked, never which
row; the reveal, the collision and each take by whom; Ucho Króla's narration (your own draw
to you alone) and the question put to you."""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

from kingscourt import i18n

from .helpers import ARTIFACTS, create_table, heard, invite_friend, listen, shot, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page

def keep(page: Page, name: str) -> None:
    """What the page said, beside its screenshot (test-artifacts/web/announce-NAME.json)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"announce-{name}.json").write_text(json.dumps(heard(page), ensure_ascii=False, indent=1))
    shot(page, f"announce-{name}")


def hear(page: Page, pattern: str, limit_s: float = 15) -> list[str]:
    """Wait until something said matches ``pattern``; everything said so far."""
    deadline = time.monotonic() + limit_s
    while not any(re.search(pattern, h) for h in heard(page)):
        assert time.monotonic() < deadline, f"never heard {pattern!r}: {heard(page)}"
        page.wait_for_timeout(50)
    return heard(page)


def pick(page: Page, row: int) -> None:
    page.locator(f".kkk-row[data-row='{row}']:not([disabled])").click()


def test_ku_ka_koenig_says_the_picks_the_reveal_and_each_take(new_page: Any) -> None:
    ada, bea = new_page(), new_page()
    create_table(ada, "kukakoenig", "Ada", seed=5, players=2, seats={1: "human"})
    invite_friend(ada, bea, "Bea")
    ada.wait_for_selector(".kkk-row[data-row='1']:not([disabled])")
    bea.wait_for_selector(".kkk-row[data-row='1']:not([disabled])")
    listen(ada)
    listen(bea)
    pick(ada, 1)
    hear(ada, r"^You pick row 1 in secret\.")
    before = hear(bea, r"^Ada has picked\.")  # that Ada picked, never which row
    assert not any("row 1" in h for h in before), before
    pick(bea, 1)  # the same row: a collision
    said = " | ".join(hear(ada, r"They pick again\."))
    assert "Revealed: You: row 1 and Bea: row 1." in said, said
    assert re.search(r"Collision on row 1: You and Bea\. \S.* is burnt, 2 cards are left\.", said), said
    ada.wait_for_selector(".kkk-row[data-row='2']:not([disabled])")
    bea.wait_for_selector(".kkk-row[data-row='3']:not([disabled])")
    pick(ada, 2)
    pick(bea, 3)
    said = " | ".join(hear(ada, r"Bea takes row 3: "))
    assert re.search(r"You take row 2: \w", said), said
    said_bea = " | ".join(hear(bea, r"Ada takes row 2: "))
    assert "You take row 3: " in said_bea, said_bea
    keep(ada, "kukakoenig-en")


def test_ku_ka_koenig_speaks_german(open_page: Any) -> None:
    page: Page = open_page(1366, 768, locale="de-DE")
    create_table(page, "kukakoenig", "Ada", seed=5, players=2)
    page.wait_for_selector("html[lang=de] .kkk-row:not([disabled])")
    listen(page)
    pick(page, 1)
    revealed = i18n.gettext("de", "Revealed: {picks}.", domain="web")
    assert revealed != "Revealed: {picks}.", "no German for the reveal"
    said = " | ".join(hear(page, re.escape(revealed.split("{")[0])))
    assert "Revealed" not in said, said
    # then my take, or the collision when the bot picked my row too
    mine = i18n.gettext("de", "You take row {row}: {cards}.", domain="web").split("{")[0]
    collision = i18n.gettext("de", "Collision on row {row}: {names}", domain="web").split("{")[0]
    said = " | ".join(hear(page, f"{re.escape(mine)}|{re.escape(collision)}"))
    assert "You take" not in said and "Collision" not in said, said
    keep(page, "kukakoenig-de")


def ucho_moves(page: Page, until: str, limit_s: float = 30) -> list[str]:
    """Play the first option offered whenever there is one, until ``until`` is heard."""
    deadline = time.monotonic() + limit_s
    while not any(re.search(until, h) for h in heard(page)):
        assert time.monotonic() < deadline, f"never heard {until!r}: {heard(page)}"
        button = page.locator("#prompt button.uk-option").first
        if button.count():
            v = version(page)
            button.click()
            wait_past(page, v)
        else:
            page.wait_for_timeout(50)
    return heard(page)


def test_ucho_krola_says_its_narration_and_the_question(open_page: Any) -> None:
    page: Page = open_page(1366, 768)
    create_table(page, "uchokrola", "Ada", seed=4, players=2)
    page.wait_for_selector("#prompt button.uk-option")
    listen(page)
    said = " | ".join(ucho_moves(page, r"\bTurn \d+: "))
    assert "You draw " in said, said  # your own draw, named to you
    assert re.search(r"Seat 2 is \S", said), said
    # a few moves on: each play said, and the question when the turn comes back
    said = " | ".join(ucho_moves(page, r"\bTurn [2-9]\d*: "))
    assert re.search(r"(plays|displays|discards) ", said), said
    keep(page, "uchokrola-en")


def test_ucho_krola_speaks_polish(open_page: Any) -> None:
    page: Page = open_page(1366, 768, locale="pl-PL")
    create_table(page, "uchokrola", "Ada", seed=4, players=2)
    page.wait_for_selector("html[lang=pl] #prompt button.uk-option")
    listen(page)
    turn = i18n.gettext("pl", "Turn {turn_no}: {who}.").split("{")[0]
    draw = i18n.gettext("pl", "You draw {cards}.").split("{")[0]
    assert turn != "Turn " and draw != "You draw "
    said = " | ".join(ucho_moves(page, re.escape(turn)))
    assert draw in said, said
    assert "Turn " not in said and "You draw" not in said, said
    keep(page, "uchokrola-pl")


def test_states_that_come_at_once_are_said_together(open_page: Any) -> None:
    """Two announcements within the live region's 30 ms are both said; the later one does not
    replace the earlier before a reader could hear it (a bot's play right after a trick closed)."""
    page = open_page(1366, 768)
    page.goto("/")
    page.wait_for_selector(".game-tile")
    listen(page)
    page.evaluate("""async () => {
      const { announce } = await import("/web/js/table_look.js");
      announce("Bea takes the trick.");
      announce("Cem plays 2 of Clubs.");
    }""")
    page.wait_for_function("() => window.heard.length > 0")
    page.wait_for_timeout(100)
    assert heard(page) == ["Bea takes the trick. Cem plays 2 of Clubs."]
