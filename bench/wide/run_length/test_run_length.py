from run_length import expand, run_length


def test_empty():
    assert run_length("") == []


def test_expand():
    assert expand([("a", 3), ("b", 1)]) == "aaab"


def test_single_char():
    assert run_length("x") == [("x", 1)]


def test_mixed():
    assert run_length("aaabcc") == [("a", 3), ("b", 1), ("c", 2)]


def test_round_trip():
    text = "wwwwaaadexxxxxx"
    assert expand(run_length(text)) == text
