def lis_length(items):
    """Length of the longest strictly increasing subsequence of items."""
    if not items:
        return 0
    # longest[i]: length of the longest increasing subsequence ending at items[i]
    longest = [1] * len(items)
    for i in range(1, len(items)):
        for j in range(i - 1):
            if items[j] < items[i]:
                longest[i] = max(longest[i], longest[j] + 1)
    return max(longest)
