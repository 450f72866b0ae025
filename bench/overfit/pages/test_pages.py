from pages import page


def test_second_page_items():
    assert page([0, 1, 2, 3], 2, 2)[0] == [2, 3]


def test_partial_last_page():
    assert page([0, 1, 2, 3, 4], 3, 2) == ([4], 3)


def test_one_page_items():
    assert page(["a", "b", "c"], 1, 10)[0] == ["a", "b", "c"]
