def file_extension(filename):
    """The text after the last dot of the file's base name, lower-cased; '' when there is none."""
    base = filename.replace("\\", "/").split("/")[-1]
    if "." not in base.lstrip("."):
        return ""
    return base.split(".", 1)[1].lower()


def group_by_extension(filenames):
    groups = {}
    for name in filenames:
        groups.setdefault(file_extension(name), []).append(name)
    return groups
