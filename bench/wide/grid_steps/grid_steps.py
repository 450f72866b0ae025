from collections import deque


def shortest_steps(grid, start, goal):
    """Fewest up/down/left/right steps from start to goal through '.' cells, or -1."""
    rows, cols = len(grid), len(grid[0])
    queue = deque([(start, 0)])
    seen = {start}
    while True:
        (r, c), steps = queue.popleft()
        if (r, c) == goal:
            return steps
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == "." and (nr, nc) not in seen:
                seen.add((nr, nc))
                queue.append(((nr, nc), steps + 1))
    return -1
