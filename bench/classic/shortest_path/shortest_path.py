from collections import deque


def shortest_path(graph, start, goal):
    """A path with the fewest edges from start to goal (list of nodes), or None.

    graph maps a node to its successors; among equally short paths the one found first by
    breadth-first search in neighbour order wins.
    """
    parent = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            break
        for successor in graph.get(node, []):
            if successor in parent:
                parent[successor] = node
                queue.append(successor)
    if goal not in parent:
        return None
    path = [goal]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return path[::-1]
