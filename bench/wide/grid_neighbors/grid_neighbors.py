def neighbors(grid, r, c):
    """Values of the up/down/left/right neighbours of (r, c) that lie inside the grid."""
    rows, cols = len(grid), len(grid[0])
    found = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < rows:
            found.append(grid[nr][nc])
    return found


def is_local_max(grid, r, c):
    """True when (r, c) is larger than all of its neighbours."""
    return all(grid[r][c] > value for value in neighbors(grid, r, c))
