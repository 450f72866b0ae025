from widest_label import label_column, widest_label


def test_no_labels():
    assert widest_label([]) == ""


def test_growing():
    assert widest_label(["a", "bb", "ccc"]) == "ccc"


def test_longest_not_last_alphabetically():
    assert widest_label(["Total", "Amount due", "Tax"]) == "Amount due"


def test_first_of_equal_length():
    assert widest_label(["Name", "City", "Zip"]) == "Name"


def test_column():
    assert label_column(["Name", "Postcode", "City"]) == ["Name     :", "Postcode :", "City     :"]
