"""Doodle China (Suzhou and Shanghai): end-of-game scoring, sheet layouts,
and (in `play`) the rules of a game in progress."""

from .scoring import score

__all__ = ["score"]
