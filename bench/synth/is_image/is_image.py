IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".gif", ".webp")


def is_image(filename):
    """Whether the file name has an image extension (any case)."""
    return filename.lower().startswith(IMAGE_EXTENSIONS)


def split_attachments(filenames):
    """(images, other files), each in the original order."""
    images = [name for name in filenames if is_image(name)]
    others = [name for name in filenames if not is_image(name)]
    return images, others
