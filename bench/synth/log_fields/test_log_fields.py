import pytest
from log_fields import bracket_fields, parse_log_line


def test_no_fields():
    assert bracket_fields("nothing here") == []


def test_one_field():
    assert bracket_fields("[WARN] disk almost full") == ["WARN"]


def test_two_fields():
    assert bracket_fields("[INFO] [db] connected") == ["INFO", "db"]


def test_parse():
    assert parse_log_line("[ERROR] [http] timeout after 30 s") == ("ERROR", "http", "timeout after 30 s")


def test_not_a_log_line():
    with pytest.raises(ValueError):
        parse_log_line("[INFO only")
