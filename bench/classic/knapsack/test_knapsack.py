from knapsack import knapsack


def test_no_items():
    assert knapsack(10, []) == 0


def test_zero_capacity():
    assert knapsack(0, [(1, 5)]) == 0


def test_item_too_heavy():
    assert knapsack(4, [(5, 10)]) == 0


def test_two_heavy_items_choose_better():
    assert knapsack(10, [(6, 30), (7, 35)]) == 35


def test_each_item_used_once():
    assert knapsack(10, [(5, 10)]) == 10


def test_textbook_example():
    assert knapsack(50, [(10, 60), (20, 100), (30, 120)]) == 220


def test_best_pair_of_three():
    assert knapsack(10, [(3, 4), (4, 5), (5, 6)]) == 11


def test_small_item_does_not_fit_with_best_pair():
    assert knapsack(7, [(1, 1), (3, 4), (4, 5), (5, 7)]) == 9
