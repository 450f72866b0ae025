from collections import Counter


def normalize_tags(raw):
    """The tags of a comma-separated string, stripped and lower-cased, empty ones dropped."""
    tags = []
    for part in raw.split(","):
        tag = part.strip()
        if tag:
            tags.append(tag)
    return tags


def tag_counts(posts):
    """How often each tag is used over all posts (each post's 'tags' is a raw string)."""
    counts = Counter()
    for post in posts:
        counts.update(normalize_tags(post.get("tags", "")))
    return dict(counts)
