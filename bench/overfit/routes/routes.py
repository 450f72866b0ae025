def find_path(graph, start, goal, seen=None):
    """A list of nodes from start to goal along graph's edges (a dict node -> neighbours), or None."""
    if seen is None:
        seen = set()
    if start == goal:
        return [start]
    seen.add(start)
    for nxt in graph.get(start, []):
        if nxt not in seen:
            rest = find_path(graph, start, goal, seen)
            if rest is not None:
                return [start] + rest
    return None
