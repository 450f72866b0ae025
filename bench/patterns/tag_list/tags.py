def with_tag(tag, tags=[]):
    """The tags given, with `tag` added at the end (the list passed in is extended)."""
    tags.append(tag)
    return tags


def tag_line(tags):
    return ", ".join(tags)
