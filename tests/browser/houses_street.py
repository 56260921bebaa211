"""A Canal Houses street as the browser tests enter it: the rulebook's example
street (and Ben's one-house street) as data, and the taps on the chip keyboard
that build it on the score page."""

from __future__ import annotations

from playwright.sync_api import expect


def window_of(cats=0, birds=0, flags=0, flowerpots=0, color=None):
    return {"cats": cats, "birds": birds, "flags": flags, "flowerpots": flowerpots, "color": color}


# The rulebook's "Example of Final Scoring on a Street of 3 Houses".
RULEBOOK_STREET = [
    {"store": {"points": 4, "color": "orange", "condition": {"at_least": {"flags": 3}}},
     "windows": [window_of(color="orange")]},
    {"store": {"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1, "birds": 2}}},
     "windows": [window_of(cats=1, birds=1, flowerpots=1, color="blue"), window_of(birds=1, color="green")],
     "roof": {"points": 3, "color": "red", "condition": {"height": {"exactly": 4}}}},
    {"store": {"points": 2, "color": "purple", "condition": {"at_least": {"cats": 1, "flags": 1}}},
     "windows": [window_of(cats=1, flags=1, color="purple")]},
]
BEN_STREET = [{"store": {"points": 1, "color": "blue", "condition": {}},
               "windows": [window_of(color="blue")]}]


def tap(page, label: str, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_role("button", name=label, exact=True).click()


def card(page, house: int, part: str, window: int | None = None):
    selector = f".street [data-house='{house}'] .hcard[data-part='{part}']"
    if window is not None:
        selector += f"[data-window='{window}']"
    return page.locator(selector)


def edit_card(page, house, part, points, color, conditions=(), window=None):
    """Select a store/roof card and set points, colour and conditions by taps
    on the chip keyboard. `conditions`: the engine's rules of the chips
    ("at_least flags 3", "height exactly 4")."""
    card(page, house, part, window).click()
    tap(page, f"Points: {points}")
    page.locator(f"#editor .swatches [data-color='{color}']").click()
    for rule in conditions:
        page.locator(f"#editor [data-chip='{rule}']").click()


def edit_window(page, color, **features):
    for feature, n in features.items():
        tap(page, f"{feature.capitalize()}: {n}")
    page.locator(f"#editor .swatches [data-color='{color}']").click()


def add(page, house: int, action: str) -> None:
    page.locator(f".street [data-house='{house}'] [data-action='{action}']").click()


def build_rulebook_street(page) -> None:
    edit_card(page, 0, "store", 4, "orange", ["at_least flags 3"])
    add(page, 0, "add-window")
    edit_window(page, "orange")
    page.locator("[data-action='add-house']").click()
    edit_card(page, 1, "store", 2, "orange", ["at_least cats 1", "at_least birds 2"])
    add(page, 1, "add-window")
    edit_window(page, "blue", cats=1, birds=1, flowerpots=1)
    add(page, 1, "add-window")
    edit_window(page, "green", birds=1)
    add(page, 1, "add-roof")
    edit_card(page, 1, "roof", 3, "red", ["height exactly 4"])
    page.locator("[data-action='add-house']").click()
    edit_card(page, 2, "store", 2, "purple", ["at_least cats 1", "at_least flags 1"])
    add(page, 2, "add-window")
    edit_window(page, "purple", cats=1, flags=1)


def expect_text(page, selector: str, text: str) -> None:

    expect(page.locator(selector)).to_contain_text(text)
