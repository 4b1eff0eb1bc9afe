"""Fixtures shared by several test modules."""

import os
import threading
from collections.abc import Iterator

import pytest
from hypothesis import settings

from profiles import PROFILES

# ci draws the same examples on every run (a red CI is then reproducible and a
# green one not luck); dev draws new ones each run, to explore
for _name, _count in PROFILES.items():
    settings.register_profile(_name, max_examples=_count, derandomize=_name == "ci")
# --hypothesis-profile, when given, loads its profile after this
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
