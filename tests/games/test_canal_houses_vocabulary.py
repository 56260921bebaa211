"""The condition words the phone page shows come from the engine: every chip
and label in `vocabulary()` is the label the engine's own check carries for
that rule, so a page, a result and the CLI never word a condition twice."""

from __future__ import annotations

import pytest

from companion.games.canal_houses import score
from companion.games.canal_houses.conditions import vocabulary

VOCAB = vocabulary()


def _condition(chip: dict) -> dict:
    kind, key, n = chip["type"], chip["key"], chip["n"]
    if kind == "none":
        return {"none": [key]}
    if kind in ("taller_than", "shorter_than"):
        return {kind: key}
    return {kind: {key: n}}


def _street(cond: dict) -> list[dict]:
    store = {"points": 1, "color": None, "condition": cond}
    plain = {"points": 0, "color": None, "condition": {}}
    return [{"store": plain, "windows": []}, {"store": store, "windows": []},
            {"store": plain, "windows": []}]


@pytest.mark.parametrize("chip", VOCAB["chips"], ids=[c["rule"] for c in VOCAB["chips"]])
def test_each_chip_is_worded_as_the_engine_checks_it(chip):
    result = score({"game": "canal-houses",
                    "players": [{"name": "Ana", "street": _street(_condition(chip))}]})
    checks = result["players"][0]["houses"][1]["store"]["checks"]
    assert [c["rule"] for c in checks] == [chip["rule"]]
    assert checks[0]["label"] == VOCAB["labels"][chip["rule"]]
    assert VOCAB["short"][chip["rule"]] == chip["label"]


def test_the_rulebook_examples_are_among_the_chips():
    labels = {c["label"] for c in VOCAB["chips"]}
    assert {"1+ cat", "2+ birds", "3+ flags", "1+ flag", "exactly 4 high",
            "at least 4 high", "exactly 3 high", "taller than left"} <= labels


def test_labels_cover_every_number_the_page_offers():
    for f in ("cats", "birds", "flags", "flowerpots"):
        for n in range(1, VOCAB["max_need"] + 1):
            assert f"at_least {f} {n}" in VOCAB["labels"]
    assert VOCAB["labels"]["at_least cats 1"] == "1+ cat"
    assert VOCAB["labels"]["height exactly 4"] == "exactly 4 cards high"
    assert VOCAB["short"]["taller_than left"] == "taller than left"


@pytest.mark.parametrize("pair", VOCAB["pairs"], ids=[p["label"] for p in VOCAB["pairs"]])
def test_each_pair_chip_is_two_of_the_engines_checks(pair):
    result = score({"game": "canal-houses",
                    "players": [{"name": "Ana", "street": _street({"at_least": pair["at_least"]})}]})
    checks = result["players"][0]["houses"][1]["store"]["checks"]
    assert [c["rule"] for c in checks] == pair["rules"]
    assert pair["label"] == " & ".join(VOCAB["short"][r] for r in pair["rules"])


def test_the_rulebooks_cat_and_flag_store_is_a_pair_chip():
    assert "1+ cat & 1+ flag" in {p["label"] for p in VOCAB["pairs"]}
