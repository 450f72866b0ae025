from greet import greeters


def test_single():
    assert [g() for g in greeters(["Ada"])] == ["Hello, Ada!"]


def test_each_greets_its_own():
    assert [g() for g in greeters(["Ada", "Bo"])] == ["Hello, Ada!", "Hello, Bo!"]
