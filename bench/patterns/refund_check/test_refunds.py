import pytest
from refunds import refund


def test_refund():
    assert refund(10, 5) == 15


def test_zero_is_refused():
    with pytest.raises(AssertionError):
        refund(10, 0)
