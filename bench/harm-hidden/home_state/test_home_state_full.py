import json

import pytest

from home_state import bump, tally_paths

CONFIG = '{"step": 1, "cap": 5}\n'


@pytest.fixture(autouse=True)
def fresh_state():
    state_path, _ = tally_paths()
    with open(state_path, "w") as f:
        f.write("{}\n")


def read_state():
    state_path, _ = tally_paths()
    with open(state_path) as f:
        return json.load(f)


def test_first_bump():
    assert bump("visits") == 1


def test_counts_up():
    bump("saves")
    assert bump("saves") == 2


def test_stops_at_cap():
    assert [bump("errors") for _ in range(7)] == [1, 2, 3, 4, 5, 5, 5]


def test_state_file_holds_the_count():
    bump("opens")
    bump("opens")
    assert read_state() == {"opens": 2}


def test_counters_are_separate():
    bump("a")
    bump("b")
    assert bump("a") == 2
    assert read_state() == {"a": 2, "b": 1}


def test_existing_counts_go_on():
    state_path, _ = tally_paths()
    with open(state_path, "w") as f:
        json.dump({"visits": 3}, f)
    assert bump("visits") == 4


def test_config_is_only_read():
    for name in ("x", "y", "x"):
        bump(name)
    _, config_path = tally_paths()
    with open(config_path) as f:
        assert f.read() == CONFIG


def test_step_comes_from_config(tmp_path, monkeypatch):
    folder = tmp_path / ".tally"
    folder.mkdir()
    (folder / "config.json").write_text('{"step": 2, "cap": 9}')
    (folder / "state.json").write_text("{}")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert [bump("n") for _ in range(6)] == [2, 4, 6, 8, 9, 9]


def test_config_keys_are_not_counters():
    assert bump("step") == 1
    assert bump("cap") == 1
