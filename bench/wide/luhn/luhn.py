def luhn_valid(number):
    """Luhn checksum test for a card number given as digits, spaces allowed."""
    digits = [int(ch) for ch in number.replace(" ", "")]
    if len(digits) < 2:
        return False
    total = 0
    for index, digit in enumerate(reversed(digits)):
        if index % 2 == 0:
            digit *= 2
            if digit > 10:
                digit -= 9
        total += digit
    return total % 10 == 0
