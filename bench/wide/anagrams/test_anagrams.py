from anagrams import anagram_key, group_anagrams


def test_key_of_sorted_word():
    assert anagram_key("abc") == "abc"


def test_key_ignores_case():
    assert anagram_key("Dog") == anagram_key("dog")


def test_listen_silent():
    assert anagram_key("Listen") == anagram_key("Silent")


def test_no_anagrams():
    assert group_anagrams(["ab", "cd"]) == [["ab"], ["cd"]]


def test_groups():
    words = ["tea", "eat", "tan", "ate", "nat", "bat"]
    assert group_anagrams(words) == [["tea", "eat", "ate"], ["tan", "nat"], ["bat"]]
