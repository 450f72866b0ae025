def lcs_length(a, b):
    """Length of the longest common subsequence of sequences a and b."""
    rows, cols = len(a) + 1, len(b) + 1
    # table[i][j]: LCS length of a[:i] and b[:j]
    table = [[0] * cols for _ in range(rows)]
    for i in range(1, rows):
        for j in range(1, cols):
            if a[i - 1] == b[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = min(table[i - 1][j], table[i][j - 1])
    return table[-1][-1]
