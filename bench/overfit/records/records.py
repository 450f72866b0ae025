def next_id(ids):
    """The id for a new record: one more than the largest id in use, 1 when there is none."""
    return max(ids) + 1


def add_record(records, name):
    """Adds a record with a new id; returns the id."""
    new_id = next_id([record["id"] for record in records])
    records.append({"id": new_id, "name": name})
    return new_id
