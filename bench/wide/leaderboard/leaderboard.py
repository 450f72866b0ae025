def ranking(scores):
    """(name, points) pairs ordered by points, highest first; equal points by name A-Z."""
    return sorted(scores.items(), key=lambda item: (item[0], -item[1]))


def podium(scores):
    """Names of the top three players."""
    return [name for name, _ in ranking(scores)[:3]]
