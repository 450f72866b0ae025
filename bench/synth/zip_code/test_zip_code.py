from zip_code import invalid_zips, valid_zip


def test_five_digits():
    assert valid_zip("90210")


def test_plus_four():
    assert valid_zip(" 90210-1234 ")


def test_too_short():
    assert not valid_zip("9021")


def test_six_digits():
    assert not valid_zip("902101")


def test_bad_suffix():
    assert not valid_zip("90210-12")


def test_invalid_zips():
    addresses = [{"zip": "10001"}, {"zip": "1000A"}, {}, {"zip": "10001x"}]
    assert invalid_zips(addresses) == [{"zip": "1000A"}, {}, {"zip": "10001x"}]
