def render(node, indent=0):
    """Lines of an outline: each node is {'title': str, 'children': [...]}, each level indented
    two more spaces than its parent."""
    lines = [" " * indent + node["title"]]
    for child in node.get("children", []):
        lines.extend(render(child, indent * 2))
    return lines
