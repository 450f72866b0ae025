from load_truck import left_behind, load_truck


def p(id, kg):
    return {"id": id, "kg": kg}


def test_everything_fits():
    assert load_truck([p("a", 10), p("b", 20)], 100) == ["a", "b"]


def test_exactly_full():
    assert load_truck([p("a", 60), p("b", 40)], 100) == ["a", "b"]


def test_stops_when_full():
    assert load_truck([p("a", 60), p("b", 50), p("c", 30)], 100) == ["a"]


def test_later_light_parcel_waits():
    assert load_truck([p("a", 30), p("b", 80), p("c", 5), p("d", 1)], 90) == ["a"]


def test_first_parcel_too_heavy():
    assert load_truck([p("a", 120), p("b", 10)], 100) == []


def test_left_behind():
    assert left_behind([p("a", 40), p("b", 40), p("c", 40), p("d", 1)], 100) == ["c", "d"]
