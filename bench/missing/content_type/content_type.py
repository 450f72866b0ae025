def content_type(header_lines):
    """The media type from the Content-Type header of an HTTP message, in lower case and
    without parameters such as charset.

    Header names match in any case ('content-type', 'Content-Type', 'CONTENT-TYPE'). Without
    such a header the type is 'application/octet-stream'.
    """
    for line in header_lines:
        name, _, value = line.partition(":")
        if name.strip().lower() == "Content-Type":
            return value.split(";")[0].strip().lower()
    return "application/octet-stream"


def is_json(header_lines):
    """Whether the message says its body is JSON."""
    return content_type(header_lines) == "application/json"
