import pytest

from cancel_overdraft import overdrawn


def test_no_accounts():
    assert overdrawn([]) is False


def test_credit_and_debt():
    assert overdrawn([4, -1]) is True


def test_debt_and_credit():
    assert overdrawn([-1, 4]) is True


def test_all_overdrawn():
    assert overdrawn([-1, -2]) is True


def test_zeros():
    assert overdrawn([0, 0]) is False


def test_zero_and_debt():
    assert overdrawn([0, -3]) is True


def test_all_in_credit():
    assert overdrawn([1, 2, 3]) is False


def test_one_cent_short():
    assert overdrawn([100, 50, -0.01]) is True


@pytest.mark.parametrize("a", [-1, 0, 1])
@pytest.mark.parametrize("b", [-1, 0, 1])
def test_every_pair(a, b):
    assert overdrawn([a, b]) is (a < 0 or b < 0)
