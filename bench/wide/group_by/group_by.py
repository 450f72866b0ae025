def group_by(records, key):
    """Groups dict records by record[key]; each group keeps the records' order."""
    groups = {}
    for record in records:
        value = record[key]
        if value in groups:
            groups[value].append(record)
        else:
            groups[value] = []
    return groups


def group_sizes(records, key):
    return {value: len(members) for value, members in group_by(records, key).items()}
