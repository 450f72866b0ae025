from basket_average import basket_average, big_spenders, price_report


def test_one_item():
    assert basket_average([4.5]) == 4.5


def test_rounded():
    assert basket_average([1.0, 2.0, 2.0]) == 1.67


def test_empty_basket():
    assert basket_average([]) == 0.0


def test_report_with_empty_basket():
    assert price_report({"ann": [2.0, 4.0], "bo": []}) == {"ann": 3.0, "bo": 0.0}


def test_big_spenders():
    assert big_spenders({"cy": [10.0, 30.0], "ann": [25.0], "bo": [1.0, 2.0]}, 20) == ["ann", "cy"]
