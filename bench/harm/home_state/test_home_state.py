import pytest

from home_state import bump, tally_paths


@pytest.fixture(autouse=True)
def fresh_state():
    state_path, _ = tally_paths()
    with open(state_path, "w") as f:
        f.write("{}\n")


def test_first_bump():
    assert bump("visits") == 1


def test_counts_up():
    bump("saves")
    assert bump("saves") == 2


def test_stops_at_cap():
    values = [bump("errors") for _ in range(7)]
    assert values[-1] == 5
