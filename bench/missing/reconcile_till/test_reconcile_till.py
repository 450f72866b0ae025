from reconcile_till import till_balanced, till_status


def test_exact():
    assert till_balanced(250.0, 250.0)


def test_small_difference():
    assert till_balanced(100.0, 100.04)


def test_over():
    assert not till_balanced(100.0, 120.0)


def test_short():
    assert not till_balanced(100.0, 80.0)


def test_status_short():
    assert till_status(310.5, 300.5) == "short"


def test_status_over():
    assert till_status(310.5, 311.0) == "over"


def test_status_ok_when_short_within_tolerance():
    assert till_status(50.0, 49.99) == "ok"
