def standings(*rows):
    """The scores dict of rows given as (name, score), best first, and the order rank() should give."""
    scores = {name: score for name, score in rows}
    order = [name for name, _ in rows]
    return scores, order
