from collections import deque


def bfs_order(graph, start):
    """Nodes reachable from start in breadth-first order; graph maps a node to its neighbours, in visiting order."""
    order = [start]
    seen = {start}
    queue = deque([start])
    while queue:
        node = queue.pop()
        for neighbour in graph.get(node, []):
            if neighbour not in seen:
                seen.add(neighbour)
                order.append(neighbour)
                queue.append(neighbour)
    return order
