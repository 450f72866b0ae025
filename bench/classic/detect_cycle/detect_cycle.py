WHITE, GRAY, BLACK = "unvisited", "on the current path", "finished"


def has_cycle(graph):
    """True if the directed graph ({node: [successors]}) contains a cycle."""
    color = {}

    def visit(node):
        color[node] = GRAY
        for successor in graph.get(node, []):
            state = color.get(successor, WHITE)
            # Reaching a node that is still on the current path closes a cycle.
            if state == BLACK:
                return True
            if state == WHITE and visit(successor):
                return True
        color[node] = BLACK
        return False

    return any(color.get(node, WHITE) == WHITE and visit(node) for node in list(graph))
