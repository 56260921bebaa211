"""Store and roof conditions: one check per requirement, each with the reason
it is met or not, so the phone page can show a live tick or cross per icon."""

from __future__ import annotations

from dataclasses import dataclass

from .state import FEATURES, Condition, House

_SINGULAR = {"cats": "cat", "birds": "bird", "flags": "flag", "flowerpots": "flowerpot"}
_HEIGHT_WORDS = {"exactly": "exactly", "at_least": "at least", "at_most": "at most"}
_SIDE_WORDS = {"left": "the house to its left", "right": "the house to its right",
               "both": "both neighbours"}


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
    word = "taller" if kind == "taller_than" else "shorter"
    label = f"{word} than {_SIDE_WORDS[side]}"
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
            checks.append(Check(f"at_least {feature} {need}", f"{need}+ {noun(feature, need)}",
                                have >= need, f"the house has {have} {noun(feature, have)}"))
    for feature in cond.none or ():
        have = facts.features[feature]
        checks.append(Check(f"none {feature}", f"no {feature}", have == 0,
                            f"the house has {have} {noun(feature, have)}"))
    if cond.height is not None:
        h = facts.height
        for key, n in cond.height.items():
            met = h == n if key == "exactly" else h >= n if key == "at_least" else h <= n
            checks.append(Check(f"height {key} {n}", f"{_HEIGHT_WORDS[key]} {n} cards high",
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
