"""Fixtures shared by several test modules."""

import threading
from collections.abc import Iterator

import pytest


@pytest.fixture
def held_grounding(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """clingo's grounding held until the test ends: yields the event set once a
    grounding has finished, so a test can see that a solve returned before it."""
    import clingo

    release, grounded = threading.Event(), threading.Event()
    ground = clingo.Control.ground

    def held_ground(self, *args, **kwargs):
        release.wait(30)
        ground(self, *args, **kwargs)
        grounded.set()

    monkeypatch.setattr(clingo.Control, "ground", held_ground)
    yield grounded
    release.set()
