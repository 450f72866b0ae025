from latest_entry import latest_entry, latest_message


def test_latest():
    assert latest_entry(["09:00 start", "09:05 stop"]) == "09:05 stop"


def test_single():
    assert latest_entry(["12:00 noon"]) == "12:00 noon"


def test_message():
    assert latest_message(["09:00 start", "09:05 stop now"]) == "stop now"


def test_empty_log():
    assert latest_entry([]) is None
