from top_products import best_seller, top_products

SALES = [("tea", 3, 4), ("mug", 1, 9), ("tea", 2, 4), ("cake", 4, 3), ("jam", 2, 6)]


def test_limit_covers_all():
    assert top_products(SALES, 10) == [("tea", 20), ("cake", 12), ("jam", 12), ("mug", 9)]


def test_no_sales():
    assert top_products([], 3) == []


def test_best_seller():
    assert best_seller(SALES) == "tea"


def test_top_two():
    assert top_products(SALES, 2) == [("tea", 20), ("cake", 12)]


def test_top_three():
    assert top_products(SALES, 3) == [("tea", 20), ("cake", 12), ("jam", 12)]
