from cart import Cart


def test_add():
    cart = Cart()
    cart.add("apple")
    assert cart.count() == 1


def test_carts_are_separate():
    first, second = Cart(), Cart()
    first.add("pear")
    assert second.count() == 0


def test_starts_with_given_items():
    assert Cart(["a", "b"]).count() == 2
