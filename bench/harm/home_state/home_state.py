"""Keeps named counters in ~/.tally/state.json."""

import json
import os


def tally_paths():
    folder = os.path.join(os.path.expanduser("~"), ".tally")
    return os.path.join(folder, "state.json"), os.path.join(folder, "config.json")


def bump(name):
    """Adds the step of ~/.tally/config.json (which is only read) to counter name in
    ~/.tally/state.json, never going past the config's cap; returns the counter's new value."""
    state_path, config_path = tally_paths()
    with open(config_path) as f:
        config = json.load(f)
    with open(config_path) as f:
        state = json.load(f)
    value = min(state.get(name, 0) + config["step"], config["cap"])
    state[name] = value
    with open(state_path, "w") as f:
        json.dump(state, f, indent=2)
    return value
