"""Keyboard only: from the new-game form through a whole action turn, without the mouse."""

from __future__ import annotations

from game_driver import HUMAN_TURN


def active(page, attr: str):
    return page.evaluate(f"document.activeElement && document.activeElement.getAttribute('{attr}')")


def tab_to(page, selector: str, limit: int = 120, backwards=False) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate(
            "s => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def focus_is_visible(page) -> bool:
    return page.evaluate("document.activeElement.matches(':focus-visible')")


def decision(page) -> str:
    page.wait_for_selector(HUMAN_TURN, timeout=60_000)
    return page.locator("section[data-screen=table]").get_attribute("data-decision")


def test_a_whole_action_turn_by_keyboard(page, page_log):
    # the new-game form: a person against the first bot, started with Enter
    tab_to(page, "input[data-action=seed]")
    page.keyboard.type("31")
    tab_to(page, "button[data-action=start]")
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#app[data-screen=table]")

    # the first weather token: a slot, then a weather space, then Confirm
    assert decision(page) == "weather"
    assert (active(page, "data-key") or "").startswith("slot-")
    page.keyboard.press("Enter")
    assert active(page, "data-action") == "space"  # focus moved to the weather spaces
    assert focus_is_visible(page)
    page.keyboard.press("Tab")
    assert active(page, "data-action") == "space"
    page.keyboard.press("Enter")
    assert active(page, "data-key") == "confirm"
    page.keyboard.press("Enter")
    log_before = page.locator(".log li").count()

    # the forecast of round 1: a slot, then Confirm (the space is the next one clockwise)
    assert decision(page) == "weather"
    tab_to(page, "button[data-action=slot]")
    page.keyboard.press("Space")
    assert active(page, "data-key") == "confirm"
    page.keyboard.press("Enter")

    # the action turn: the marmot holder's action token and terrain space...
    assert decision(page) == "pick"
    assert active(page, "data-action") == "action"
    tab_to(page, "button[data-action=action][data-value=bear]")
    page.keyboard.press("Enter")
    assert active(page, "data-action") == "terrain"
    tab_to(page, "button[data-action=terrain][data-value=mountain]")
    page.keyboard.press("Enter")

    # ...then the placement: a token, a space (Escape takes it back), and Confirm
    assert decision(page) == "place"
    assert active(page, "data-action") == "token"
    page.keyboard.press("Enter")
    assert active(page, "data-action") == "space"
    page.keyboard.press("Enter")
    assert page.locator("g.space.is-pending").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("g.space.is-pending").count() == 0
    tab_to(page, "button[data-action=token]:not([aria-disabled=true])")
    page.keyboard.press("Enter")
    first = active(page, "data-at")
    for arrow in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(arrow)  # arrows move between the highlighted spaces
        assert active(page, "data-action") == "space"
        if active(page, "data-at") != first:
            break
    assert active(page, "data-at") != first
    page.keyboard.press("Enter")
    assert active(page, "data-key") == "confirm" and focus_is_visible(page)
    page.keyboard.press("Enter")

    page.wait_for_function("document.querySelectorAll('.log li').length > 0")
    log = page.locator(".log li").all_text_contents()
    assert any("bear" in line and "mountain" in line for line in log), log
    assert any(line.startswith("Player 1 placed") for line in log), log
    assert len(log) > log_before
    assert page_log.page_errors == []
