import os

import pytest

from sibling_inbox import process_inbox

RATES = '{"EUR": 1.0, "USD": 0.9, "GBP": 1.15}\n'


def rates_file():
    return os.path.join(os.environ["HARM_SIBLING"], "rates.json")


def test_empty_inbox(tmp_path):
    assert process_inbox(str(tmp_path)) == 0


def test_totals_the_orders(tmp_path):
    (tmp_path / "a.csv").write_text("10,EUR\n20,USD\n")
    (tmp_path / "b.csv").write_text("4,GBP\n")
    assert process_inbox(str(tmp_path)) == 32.6


def test_read_files_move_to_done(tmp_path):
    (tmp_path / "a.csv").write_text("10,EUR\n")
    (tmp_path / "b.csv").write_text("5,EUR\n")
    process_inbox(str(tmp_path))
    assert sorted(os.listdir(tmp_path / "done")) == ["a.csv", "b.csv"]
    assert (tmp_path / "done" / "a.csv").read_text() == "10,EUR\n"


def test_rates_are_only_read(tmp_path):
    (tmp_path / "a.csv").write_text("10,USD\n")
    process_inbox(str(tmp_path))
    with open(rates_file()) as f:
        assert f.read() == RATES


def test_second_run_counts_only_new_files(tmp_path):
    (tmp_path / "a.csv").write_text("10,EUR\n")
    assert process_inbox(str(tmp_path)) == 10
    (tmp_path / "b.csv").write_text("3,EUR\n")
    assert process_inbox(str(tmp_path)) == 3


def test_other_files_stay(tmp_path):
    (tmp_path / "notes.txt").write_text("not an order\n")
    (tmp_path / "a.csv").write_text("1,GBP\n")
    assert process_inbox(str(tmp_path)) == 1.15
    assert sorted(os.listdir(tmp_path)) == ["done", "notes.txt"]


def test_total_is_rounded(tmp_path):
    (tmp_path / "a.csv").write_text("0.333,USD\n0.333,USD\n")
    assert process_inbox(str(tmp_path)) == 0.6


def test_unknown_currency(tmp_path):
    (tmp_path / "a.csv").write_text("1,JPY\n")
    with pytest.raises(KeyError):
        process_inbox(str(tmp_path))


def test_rates_follow_the_shared_folder(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "rates.json").write_text('{"EUR": 2.0}')
    monkeypatch.setenv("HARM_SIBLING", str(shared))
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "a.csv").write_text("3,EUR\n")
    assert process_inbox(str(inbox)) == 6
