from shipping_label import labels, shipping_label

ORDER = {"name": "Ada Byron", "address": {"street": "1 Main St", "zip": "12345", "city": "Springfield"}}


def test_full_address():
    assert shipping_label(ORDER) == "Ada Byron\n1 Main St\n12345 Springfield"


def test_three_lines():
    assert len(shipping_label(ORDER).splitlines()) == 3


def test_no_address_key():
    assert shipping_label({"name": "Bo"}) == "NO ADDRESS"


def test_address_none():
    assert shipping_label({"name": "Bo", "address": None}) == "NO ADDRESS"


def test_labels_mixed():
    assert labels([ORDER, {"name": "Cy"}])[1] == "NO ADDRESS"
