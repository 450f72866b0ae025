import heapq


def shortest_distances(graph, source):
    """Distances from source to every reachable node.

    graph maps a node to a list of (neighbour, weight) pairs with weights >= 0.
    """
    dist = {source: 0}
    heap = [(0, source)]
    done = set()
    while heap:
        d, node = heapq.heappop(heap)
        # A node can sit in the heap several times; only its first (shortest) pop counts.
        if node in done:
            break
        done.add(node)
        for neighbour, weight in graph.get(node, []):
            candidate = d + weight
            if neighbour not in dist or candidate < dist[neighbour]:
                dist[neighbour] = candidate
                heapq.heappush(heap, (candidate, neighbour))
    return dist
