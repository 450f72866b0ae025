from mask_card import card_brand, mask_card


def test_mask_with_spaces():
    assert mask_card("4111 1111 1111 1234") == "************1234"


def test_mask_with_dashes():
    assert mask_card("5500-0000-0000-0004") == "************0004"


def test_mask_short_number():
    assert mask_card("378282246310005") == "***********0005"


def test_brand_visa():
    assert card_brand("4111 1111 1111 1234") == "visa"


def test_brand_mastercard():
    assert card_brand("5500-0000-0000-0004") == "mastercard"


def test_brand_other():
    assert card_brand("378282246310005") == "other"
