import heapq


def dijkstra(graph, source):
    """Every node reachable from source as (node, distance) pairs, nearest first.

    graph maps a node to a list of (neighbour, weight) pairs with weights >= 0; nodes at the
    same distance come in ascending order.
    """
    best = {source: 0}
    heap = [(0, source)]
    settled = []
    done = set()
    while heap:
        distance, node = heapq.heappop(heap)
        # A node can sit in the heap several times; only its first (shortest) pop counts.
        if node in done:
            break
        done.add(node)
        settled.append((node, distance))
        for neighbour, weight in graph.get(node, []):
            candidate = distance + weight
            if neighbour not in best or candidate < best[neighbour]:
                best[neighbour] = candidate
                heapq.heappush(heap, (candidate, neighbour))
    return settled
