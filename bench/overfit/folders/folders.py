def list_tree(tree, max_depth, depth=0):
    """Paths in a nested folder dict (a folder is a dict, a file anything else), opening folders
    down to max_depth levels below the top."""
    paths = []
    for name in sorted(tree):
        paths.append(name)
        child = tree[name]
        if isinstance(child, dict) and depth < max_depth:
            paths.extend(name + "/" + sub for sub in list_tree(child, max_depth, depth))
    return paths
