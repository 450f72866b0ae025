def edit_distance(source, target):
    """Levenshtein distance: fewest insertions, deletions and substitutions turning source into target."""
    m, n = len(source), len(target)
    dist = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m + 1):
        dist[i][0] = i
    for j in range(n):
        dist[0][j] = j
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            substitution = 0 if source[i - 1] == target[j - 1] else 1
            dist[i][j] = min(
                dist[i - 1][j] + 1,
                dist[i][j - 1] + 1,
                dist[i - 1][j - 1] + substitution,
            )
    return dist[m][n]
