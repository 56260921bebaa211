"""The one error a photo reader raises: a message a person can act on."""

from __future__ import annotations


class PhotoError(ValueError):
    """The photo cannot be read. `message` says why and what to do
    (closer, flatter, more light, another format)."""

    def __init__(self, message: str, *, status: int = 422):
        self.message = message
        self.status = status
        super().__init__(message)
