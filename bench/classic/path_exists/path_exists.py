def path_exists(graph, start, goal):
    """True if goal can be reached from start along the directed edges of graph ({node: [successors]})."""
    visited = set()

    def visit(node):
        if node == goal:
            return True
        return any(visit(successor) for successor in graph.get(node, []) if successor not in visited)

    return visit(start)
