import heapq


def topological_sort(graph):
    """Orders the nodes of graph ({node: [successors]}) so every edge points forward.

    Among nodes that are ready at the same time the smallest comes first, so the order is
    unique. Raises ValueError if the graph has a cycle.
    """
    indegree = {node: 0 for node in graph}
    for successors in graph.values():
        for successor in successors:
            indegree[successor] = indegree.get(successor, 0) + 1
    ready = [node for node, count in indegree.items() if count == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        node = heapq.heappop(ready)
        order.append(node)
        for successor in graph.get(node, []):
            indegree[successor] += 1
            if indegree[successor] == 0:
                heapq.heappush(ready, successor)
    if len(order) != len(indegree):
        raise ValueError("graph has a cycle")
    return order
