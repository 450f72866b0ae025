from plugins import names, register


def test_register_one():
    assert names(register("csv", print)) == ["csv"]


def test_fresh_table_each_time():
    assert names(register("json", print)) == ["json"]


def test_adds_to_given_table():
    assert names(register("b", print, {"a": print})) == ["a", "b"]
