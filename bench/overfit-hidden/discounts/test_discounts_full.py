import pytest

from discounts import discount_rate


@pytest.mark.parametrize("quantity, expected", [
    (0, 0.0), (1, 0.0), (3, 0.0), (9, 0.0), (10, 0.10), (11, 0.10), (20, 0.10),
    (49, 0.10), (50, 0.20), (60, 0.20), (1000, 0.20),
])
def test_discount_rate(quantity, expected):
    assert discount_rate(quantity) == expected
