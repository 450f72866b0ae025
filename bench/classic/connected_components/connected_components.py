def connected_components(nodes, edges):
    """Groups of nodes joined by undirected edges: each group sorted, groups sorted. Union-find."""
    parent = {node: node for node in nodes}

    def find(node):
        while parent[node] != node:
            parent[node] = parent[parent[node]]  # path halving keeps the trees shallow
            node = parent[node]
        return node

    for a, b in edges:
        root_a, root_b = find(a), find(b)
        if root_a != root_b:
            parent[a] = root_b
    groups = {}
    for node in nodes:
        groups.setdefault(find(node), []).append(node)
    return sorted(sorted(group) for group in groups.values())
