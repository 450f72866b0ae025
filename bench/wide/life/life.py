def live_neighbors(grid, r, c):
    """Number of live ('#') cells among the eight around (r, c)."""
    rows, cols = len(grid), len(grid[0])
    count = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            nr, nc = r + dr, c + dc
            if (dr or dc) and 0 <= nr < rows and 0 <= nc < cols and grid[nc][nr] == "#":
                count += 1
    return count


def step(grid):
    """One Game of Life generation on a bounded grid of '#' and '.' strings."""
    result = []
    for r, row in enumerate(grid):
        cells = []
        for c, cell in enumerate(row):
            n = live_neighbors(grid, r, c)
            alive = n == 3 or (cell == "#" and n == 2)
            cells.append("#" if alive else ".")
        result.append("".join(cells))
    return result
