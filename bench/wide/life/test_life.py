from life import live_neighbors, step


def test_empty():
    assert live_neighbors(["...", "...", "..."], 1, 1) == 0


def test_full_center():
    assert live_neighbors(["###", "###", "###"], 1, 1) == 8


def test_block_is_still():
    block = ["....", ".##.", ".##.", "...."]
    assert step(block) == block


def test_off_diagonal():
    assert live_neighbors(["...", "#..", "..."], 0, 1) == 1


def test_wide_grid():
    assert live_neighbors(["#.#.#"], 0, 3) == 2


def test_blinker():
    assert step([".#.", ".#.", ".#."]) == ["...", "###", "..."]
