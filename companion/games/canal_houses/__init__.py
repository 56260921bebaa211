"""Canal Houses: streets of stores, windows and roofs scored at the end of
the game (conditions, flowerpots, colour bonus). `score(state)` is the
engine; `missing_values(state)` lists every null still to fill in."""

from .scoring import score
from .state import missing_values

__all__ = ["missing_values", "score"]
