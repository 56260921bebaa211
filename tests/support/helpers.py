"""Small real states for tests that need one."""

from __future__ import annotations


def grande_state(winner: str = "Ana", cards: int = 4) -> dict:
    """A small real state: a Canal Grande game won by four San Marco cards."""
    other = "Ben" if winner == "Ana" else "Ana"
    return {"game": "canal-grande",
            "players": [{"name": winner, "won": {"San Marco": cards}},
                        {"name": other, "won": {"Castello": 1}}]}


# The contract folder beside the repo (CI clones the repo with shared/ beside it).
SHARED = __import__("pathlib").Path(__file__).resolve().parents[3] / "shared"
