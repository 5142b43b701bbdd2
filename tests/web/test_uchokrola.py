"""Ucho Króla in two browsers: character choice, a turn that plays an intrigue beside the
friend's character (with its cost), the friend's riposte prompt and the riposte; and the
setting that passes for a seat asked to riposte without holding a riposte."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import kingscourt

from .helpers import create_table, invite_friend, shot, version, wait_past

if TYPE_CHECKING:
    from playwright.sync_api import Page


def play_plan(pages: list[Page], plan: list[tuple[int, str]]) -> None:
    """Each (seat, action) of ``plan`` clicked on that seat's page, waiting for the next version."""
    for seat, action in plan:
        page = pages[seat]
        button = page.locator(f'button.uk-option[data-action="{action}"]')
        button.wait_for()
        v = version(page)
        button.click()
        wait_past(page, v)


def riposte_plan(holding: bool = True) -> tuple[int, list[tuple[int, str]]]:
    """A seed and the actions (characters, the intrigue, its cost) that bring seat 1 or 0 to a
    riposte prompt in a two-player game, the seat asked ``holding`` a riposte or not; found
    with the engine, so it follows the rules."""
    game = kingscourt.load_game("uchokrola")
    for seed in range(300):
        s = game.new_state(players=2, seed=seed)
        acts: list[tuple[int, str]] = []
        while s.view(s.to_move()[0])["phase"] == "choose-character":
            m = s.to_move()[0]
            a = str(s.legal_actions(m)[0])
            s.apply(m, a)
            acts.append((m, a))
        m = s.to_move()[0]
        for a in map(str, s.legal_actions(m)):
            if not (a.startswith("play ") and a.endswith(f"-> {1 - m}")):
                continue
            t = s.clone()
            seq = [(m, a)]
            t.apply(m, a)
            while t.to_move() == [m] and t.view(m)["phase"] == "pay-cost":
                b = str(t.legal_actions(m)[0])
                t.apply(m, b)
                seq.append((m, b))
            if t.to_move() == [1 - m] and t.view(1 - m)["phase"] == "riposte" and (
                    ("riposte" in t.view(1 - m)["legal"]) == holding):
                return seed, acts + seq
    raise AssertionError("no seed below 300 leads to a riposte")


def test_turn_with_riposte_prompt(new_page) -> None:
    seed, plan = riposte_plan()
    ada, bea = new_page(), new_page()
    create_table(ada, "uchokrola", "Ada", seed=seed, players=2, seats={1: "human"})
    invite_friend(ada, bea, "Bea")
    pages = [ada, bea]
    play_plan(pages, plan)
    target = pages[1 - plan[-1][0]]
    target.wait_for_selector("#prompt.riposte")
    assert target.locator('#prompt button[data-action="riposte"]').count() == 1
    assert target.locator('#prompt button[data-action="pass"]').count() == 1
    assert "Riposte" in target.inner_text("#prompt h2")
    assert target.locator(".courtier .uk-card.kind-character").count() == 2
    # every card tells its rulebook text on hover
    titles = target.locator(".courtier .uk-card.kind-character").evaluate_all(
        "els => els.map(e => e.title)")
    assert all(": " in t and len(t) > 40 for t in titles), titles
    assert target.locator("#narration li").count() >= 3
    shot(target, "uchokrola-riposte-prompt")
    v = version(target)
    target.click('#prompt button[data-action="riposte"]')
    wait_past(target, v)
    target.wait_for_function("() => !document.querySelector('#prompt.riposte')")
    shot(target, "uchokrola-after-riposte")


def test_passing_for_a_seat_without_a_riposte_is_a_remembered_setting(new_page) -> None:
    seed, plan = riposte_plan(holding=False)
    ada, bea = new_page(), new_page()
    create_table(ada, "uchokrola", "Ada", seed=seed, players=2, seats={1: "human"})
    invite_friend(ada, bea, "Bea")
    pages = [ada, bea]
    target = pages[1 - plan[-1][0]]
    box = target.locator("#uk-auto-pass")
    assert box.is_checked()  # on unless the player turns it off
    box.uncheck()
    assert target.evaluate("localStorage.getItem('kingscourt.uchokrola.autoPass')") == "false"
    target.reload()
    target.wait_for_selector(".board[data-version]")
    assert not target.locator("#uk-auto-pass").is_checked()  # remembered
    play_plan(pages, plan)
    target.wait_for_selector("#prompt.riposte")
    assert target.locator("#prompt button.uk-option").evaluate_all(
        "els => els.map(e => e.dataset.action)") == ["pass"]
    v = version(target)
    target.wait_for_timeout(2500)  # longer than the longest delay: setting off, no pass
    assert version(target) == v and target.locator("#prompt.riposte").count() == 1
    shot(target, "uchokrola-riposte-pass-only")
    started = time.monotonic()
    target.locator("#uk-auto-pass").check()
    target.wait_for_function("() => !document.querySelector('#prompt.riposte')",
                             timeout=5000)
    waited = time.monotonic() - started
    assert 0.5 <= waited <= 3.5, waited  # a moment, not at once
    assert version(target) > v
    assert any("let it pass" in line for line in target.locator("#narration li").all_inner_texts())


FITS = "() => { const p = document.querySelector('#prompt'); return p.scrollHeight <= p.clientHeight + 1; }"


def test_a_phone_asks_for_the_seat_as_a_second_step(new_page) -> None:
    """Upright on a phone the options aimed at a seat do not all fit the prompt: each such
    action is one button, which shows its seats and a way back; the prompt never scrolls."""
    page = new_page(390, 844)
    create_table(page, "uchokrola", "Ada", seed=4, players=4)
    page.locator("#prompt button.uk-option").first.click()  # the character
    page.wait_for_selector("#prompt .uk-group")
    assert page.evaluate(FITS)
    assert page.locator("#prompt .uk-option.target").count() == 0
    group = page.locator("#prompt .uk-group").first
    label = group.inner_text()
    group.click()
    targets = page.locator("#prompt .uk-option.target")
    assert targets.count() == 3  # the three other courtiers
    assert page.evaluate("() => document.activeElement.classList.contains('target')")
    assert page.evaluate(FITS)
    shot(page, "uchokrola-phone-whom")
    page.keyboard.press("Escape")  # back to the actions, the focus on the one left
    page.wait_for_selector("#prompt .uk-group")
    assert page.evaluate("() => document.activeElement.classList.contains('uk-group')")
    assert page.locator("#prompt .uk-group").first.inner_text() == label
    page.locator("#prompt .uk-group").first.click()
    v = version(page)
    action = page.locator("#prompt .uk-option.target").first.get_attribute("data-action")
    page.locator("#prompt .uk-option.target").first.click()
    wait_past(page, v)
    assert action is not None and action.startswith("play ")
    assert page.locator("#narration li").count() > 0
