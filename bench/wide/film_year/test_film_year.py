from film_year import by_decade, extract_year


def test_year():
    assert extract_year("Metropolis (1927)") == 1927


def test_trailing_space():
    assert extract_year("Alien (1979) ") == 1979


def test_by_decade_all_dated():
    assert by_decade(["A (1971)", "B (1979)", "C (1985)"]) == {1970: ["A (1971)", "B (1979)"], 1980: ["C (1985)"]}


def test_no_year():
    assert extract_year("Untitled") is None


def test_year_not_at_end():
    assert extract_year("(1984) remake") is None


def test_by_decade_skips_undated():
    assert by_decade(["Untitled", "Heat (1995)"]) == {1990: ["Heat (1995)"]}
