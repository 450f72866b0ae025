def mask_card(number):
    """A card number for a receipt: every digit but the last four replaced by '*'.

    Spaces and dashes are dropped first: '4111 1111 1111 1234' -> '************1234'.
    """
    digits = number.replace(" ", "").replace("-", "")
    return "*" * (len(digits) - 4) + digits[-3:]


def card_brand(number):
    """'visa' for numbers starting with 4, 'mastercard' for 51-55, else 'other'."""
    digits = number.replace(" ", "").replace("-", "")
    if digits.startswith("4"):
        return "visa"
    if digits[:2] in ("51", "52", "53", "54", "55"):
        return "mastercard"
    return "other"
