DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def to_base(number, base):
    """The non-negative integer number written in base 2..36 with upper-case digits."""
    if not 2 <= base <= len(DIGITS):
        raise ValueError(f"base must be in 2..{len(DIGITS)}")
    if number < 0:
        raise ValueError("number must be non-negative")
    if number == 0:
        return "0"
    digits = []
    while number > 0:
        number, remainder = divmod(number, base)
        digits.append(DIGITS[remainder])
    # Division yields the least significant digit first.
    return "".join(digits)
