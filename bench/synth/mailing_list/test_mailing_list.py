from mailing_list import mailing_list, unsubscribed


def test_empty():
    assert mailing_list([]) == []


def test_only_subscribed():
    records = [{"email": "b@x.org", "subscribed": True}, {"email": "a@x.org", "subscribed": False}]
    assert mailing_list(records) == ["b@x.org"]


def test_sorted_and_cleaned():
    records = [{"email": " Zed@x.org", "subscribed": True}, {"email": "amy@x.org ", "subscribed": True}]
    assert mailing_list(records) == ["amy@x.org", "zed@x.org"]


def test_duplicate_subscriber():
    records = [
        {"email": "amy@x.org", "subscribed": True},
        {"email": "AMY@x.org", "subscribed": True},
        {"email": "bob@x.org", "subscribed": True},
    ]
    assert mailing_list(records) == ["amy@x.org", "bob@x.org"]


def test_unsubscribed():
    records = [{"email": "a@x.org"}, {"email": "A@x.org", "subscribed": False}]
    assert unsubscribed(records) == ["a@x.org"]
