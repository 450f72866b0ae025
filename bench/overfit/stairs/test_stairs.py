from stairs import count_ways, describe


def test_no_steps():
    assert count_ways(0) == 1


def test_one_and_two_steps():
    assert count_ways(1) == 1
    assert count_ways(2) == 2


def test_three_steps():
    assert count_ways(3) == 3


def test_describe():
    assert describe(2) == "2 stairs: 2 ways"
