from count_vowels import count_vowels, vowel_ratio


def test_no_vowels():
    assert count_vowels("rhythm") == 0


def test_capitals():
    assert count_vowels("OpEn") == 2


def test_u():
    assert count_vowels("mug") == 1


def test_all_vowels():
    assert count_vowels("education") == 5


def test_ratio_empty():
    assert vowel_ratio("123") == 0.0


def test_ratio():
    assert vowel_ratio("idea") == 0.75
