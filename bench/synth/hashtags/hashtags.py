import re


def hashtags(text):
    """The distinct hashtags of a post, without '#', lower-cased, in order of first use."""
    tags = []
    for tag in re.findall(r"#(\w)", text):
        tag = tag.lower()
        if tag not in tags:
            tags.append(tag)
    return tags


def trending(posts, top):
    counts = {}
    for post in posts:
        for tag in hashtags(post):
            counts[tag] = counts.get(tag, 0) + 1
    return sorted(counts, key=lambda tag: (-counts[tag], tag))[:top]
