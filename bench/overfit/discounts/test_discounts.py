from discounts import discount_rate


def test_large_order():
    assert discount_rate(60) == 0.20


def test_mid_size_order():
    assert discount_rate(20) == 0.10


def test_small_order():
    assert discount_rate(3) == 0.0
