from events_between import busiest_day, events_between

EVENTS = [{"name": "standup", "at": 9}, {"name": "lunch", "at": 12}, {"name": "review", "at": 15}]


def test_before_start_left_out():
    assert [e["name"] for e in events_between(EVENTS, 10, 24)] == ["lunch", "review"]


def test_nothing_after():
    assert events_between(EVENTS, 16, 24) == []


def test_end_exclusive():
    assert [e["name"] for e in events_between(EVENTS, 9, 12)] == ["standup"]


def test_middle():
    assert [e["name"] for e in events_between(EVENTS, 11, 14)] == ["lunch"]


def test_busiest_day():
    events = [{"at": 1}, {"at": 30}, {"at": 31}, {"at": 50}]
    assert busiest_day(events, [(0, 24), (24, 48), (48, 72)]) == (24, 48)
