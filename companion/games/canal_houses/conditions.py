"""Store and roof conditions: one check per requirement, each with the reason
it is met or not, so the phone page can show a live tick or cross per icon."""

from __future__ import annotations

from dataclasses import dataclass

from .state import FEATURES, Condition, House

_SINGULAR = {"cats": "cat", "birds": "bird", "flags": "flag", "flowerpots": "flowerpot"}
_HEIGHT_WORDS = {"exactly": "exactly", "at_least": "at least", "at_most": "at most"}
_SIDE_WORDS = {"left": "the house to its left", "right": "the house to its right",
               "both": "both neighbours"}
_COMPARE_WORDS = {"taller_than": "taller", "shorter_than": "shorter"}
SIDES = ("left", "right", "both")
HEIGHT_KEYS = ("exactly", "at_least", "at_most")
# How far the vocabulary's labels go (the page's number chips stay inside them).
MAX_NEED = 9
MAX_HEIGHT = 12


def rule_label(kind: str, key: str, n: int | None = None, *, short: bool = False) -> str:
    """The words for one requirement, e.g. `2+ birds`, `exactly 4 cards high`,
    `taller than the house to its left`; `short` drops what a chip on a card
    editor can do without (`exactly 4 high`, `taller than left`). The one
    place these words are made: checks and the phone page both use them."""
    if kind == "at_least":
        return f"{n}+ {noun(key, n or 0)}"
    if kind == "none":
        return f"no {key}"
    if kind == "height":
        return f"{_HEIGHT_WORDS[key]} {n} {'high' if short else 'cards high'}"
    word = _COMPARE_WORDS[kind]
    if short:
        return f"{word} than {key}"
    return f"{word} than {_SIDE_WORDS[key]}"


def noun(feature: str, n: int) -> str:
    """`1 cat`, `2 cats`: the rulebook's card wording."""
    return _SINGULAR[feature] if n == 1 else feature


@dataclass(frozen=True)
class Facts:
    """What conditions look at: one house's height and features."""

    height: int
    features: dict[str, int]


def house_facts(house: House) -> Facts:
    """Height = store + windows + roof; features = the sum over its windows."""
    height = 1 + len(house.windows) + (1 if house.roof is not None else 0)
    features = {f: sum(getattr(w, f) for w in house.windows) for f in FEATURES}
    return Facts(height, features)


@dataclass(frozen=True)
class Check:
    rule: str
    label: str
    met: bool
    why: str

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "label": self.label, "met": self.met, "why": self.why}


def _neighbours(side: str, index: int, street: list[Facts]) -> list[tuple[str, Facts | None]]:
    wanted = ("left", "right") if side == "both" else (side,)
    out: list[tuple[str, Facts | None]] = []
    for s in wanted:
        j = index - 1 if s == "left" else index + 1
        out.append((s, street[j] if 0 <= j < len(street) else None))
    return out


def _compare(kind: str, side: str, index: int, street: list[Facts]) -> Check:
    """taller_than / shorter_than. A neighbour that does not exist fails the
    comparison: the card's arrow points at a house that must be there."""
    me = street[index].height
    label = rule_label(kind, side)
    reasons: list[str] = []
    met = True
    for s, other in _neighbours(side, index, street):
        if other is None:
            met = False
            reasons.append(f"there is no house to its {s}")
            continue
        ok = me > other.height if kind == "taller_than" else me < other.height
        met = met and ok
        reasons.append(f"the house to its {s} is {other.height} high")
    why = f"this house is {me} high; " + ", ".join(reasons)
    return Check(f"{kind} {side}", label, met, why)


def check_condition(cond: Condition, index: int, street: list[Facts]) -> list[Check]:
    """All checks of one card's condition for house `index` of `street`."""
    facts = street[index]
    checks: list[Check] = []
    if cond.at_least is not None:
        for feature, need in cond.at_least.items():
            have = facts.features[feature]
            checks.append(Check(f"at_least {feature} {need}", rule_label("at_least", feature, need),
                                have >= need, f"the house has {have} {noun(feature, have)}"))
    for feature in cond.none or ():
        have = facts.features[feature]
        checks.append(Check(f"none {feature}", rule_label("none", feature), have == 0,
                            f"the house has {have} {noun(feature, have)}"))
    if cond.height is not None:
        h = facts.height
        for key, n in cond.height.items():
            met = h == n if key == "exactly" else h >= n if key == "at_least" else h <= n
            checks.append(Check(f"height {key} {n}", rule_label("height", key, n),
                                met, f"the house is {h} cards high"))
    if cond.taller_than is not None:
        checks.append(_compare("taller_than", cond.taller_than, index, street))
    if cond.shorter_than is not None:
        checks.append(_compare("shorter_than", cond.shorter_than, index, street))
    return checks


def describe(checks: list[Check]) -> str:
    """`1+ cat and 2+ birds: met` or `3+ flags: not met (the house has 0 flags)`."""
    if not checks:
        return "no condition: met"
    text = " and ".join(c.label for c in checks)
    failed = [c.why for c in checks if not c.met]
    if not failed:
        return f"{text}: met"
    return f"{text}: not met ({'; '.join(failed)})"


# The conditions printed most often, offered as one-tap chips on the phone
# (the rulebook's own examples among them: 3+ flags, 1+ cat, 2+ birds,
# exactly 4 cards high, 4 cards or more, exactly 3 cards).
COMMON: tuple[tuple[str, str, int | None], ...] = (
    *(("at_least", f, n) for f in FEATURES for n in (1, 2, 3)),
    *(("none", f, None) for f in FEATURES),
    *(("height", "exactly", n) for n in (2, 3, 4, 5)),
    *(("height", "at_least", n) for n in (3, 4, 5)),
    *(("height", "at_most", n) for n in (2, 3)),
    *(("taller_than", s, None) for s in SIDES),
    *(("shorter_than", s, None) for s in SIDES),
)


# Two features asked for at once, one of each ("1+ cat and 1+ flag", a store
# of the rulebook's example street): one chip sets both.
PAIRS: tuple[tuple[str, str], ...] = tuple(
    (a, b) for i, a in enumerate(FEATURES) for b in FEATURES[i + 1:])


def _rule(kind: str, key: str, n: int | None) -> str:
    return f"{kind} {key}" if n is None else f"{kind} {key} {n}"


def vocabulary() -> dict[str, object]:
    """Everything the phone page says about conditions: `labels` (rule ->
    words, the same rules as `Check.rule`), `chips` (the common conditions,
    short words) and the ranges the labels cover."""
    rules: list[tuple[str, str, int | None]] = [
        *(("at_least", f, n) for f in FEATURES for n in range(1, MAX_NEED + 1)),
        *(("none", f, None) for f in FEATURES),
        *(("height", k, n) for k in HEIGHT_KEYS for n in range(1, MAX_HEIGHT + 1)),
        *((kind, s, None) for kind in _COMPARE_WORDS for s in SIDES),
    ]
    return {
        "labels": {_rule(*r): rule_label(*r) for r in rules},
        "short": {_rule(*r): rule_label(*r, short=True) for r in rules},
        "chips": [{"rule": _rule(*r), "type": r[0], "key": r[1], "n": r[2],
                   "label": rule_label(*r, short=True)} for r in COMMON],
        "pairs": [{"rules": [_rule("at_least", a, 1), _rule("at_least", b, 1)], "at_least": {a: 1, b: 1},
                   "label": " & ".join(rule_label("at_least", f, 1, short=True) for f in (a, b))}
                  for a, b in PAIRS],
        # Every kind of requirement once, its number left as "N" (a form's list).
        "kinds": [{"type": t, "key": k, "label": rule_label(t, k, "N")}  # type: ignore[arg-type]
                  for t, k in dict.fromkeys((r[0], r[1]) for r in rules)],
        "max_need": MAX_NEED, "max_height": MAX_HEIGHT,
    }
