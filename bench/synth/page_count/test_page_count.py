from page_count import page_count, page_label, page_of


def test_no_items():
    assert page_count(0, 10) == 1


def test_full_pages():
    assert page_count(30, 10) == 3


def test_partial_last_page():
    assert page_count(31, 10) == 4


def test_fewer_than_a_page():
    assert page_count(3, 10) == 1


def test_last_item_on_last_page():
    assert page_of(30, 10) == page_count(31, 10)


def test_label():
    assert page_label(2, 45, 20) == "page 2 of 3"
