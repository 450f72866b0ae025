from sort_names import index_letters, sort_names


def test_same_case():
    assert sort_names(["Cy", "Al", "Bo"]) == ["Al", "Bo", "Cy"]


def test_empty():
    assert sort_names([]) == []


def test_mixed_case():
    assert sort_names(["bob", "Alice", "carol", "Dave"]) == ["Alice", "bob", "carol", "Dave"]


def test_index_letters():
    assert index_letters(["zoe", "Adam", "anna", "Bea"]) == ["A", "B", "Z"]


def test_ties_keep_order():
    assert sort_names(["ann", "Ann"]) == ["ann", "Ann"]
