"""Ucho Króla in two browsers: character choice, a turn that plays an intrigue beside the
friend's character (with its cost), the friend's riposte prompt and the riposte."""

from __future__ import annotations

import kingscourt

from .helpers import create_table, invite_friend, shot, version, wait_past


def riposte_plan() -> tuple[int, list[tuple[int, str]]]:
    """A seed and the actions (characters, the intrigue, its cost) that bring seat 1 or 0 to a
    riposte prompt in a two-player game; found with the engine, so it follows the rules."""
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
            if t.to_move() == [1 - m] and t.view(1 - m)["phase"] == "riposte":
                return seed, acts + seq
    raise AssertionError("no seed below 300 leads to a riposte")


def test_turn_with_riposte_prompt(new_page) -> None:
    seed, plan = riposte_plan()
    ada, bea = new_page(), new_page()
    create_table(ada, "uchokrola", "Ada", seed=seed, players=2, seats={1: "human"})
    invite_friend(ada, bea, "Bea")
    pages = [ada, bea]
    for seat, action in plan:
        page = pages[seat]
        button = page.locator(f'button.uk-option[data-action="{action}"]')
        button.wait_for()
        v = version(page)
        button.click()
        wait_past(page, v)
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
