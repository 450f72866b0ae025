def headers(message):
    """{lower-case header name: value} from the header block of an e-mail message.

    The header block is the lines before the first blank line; what follows is the body and
    is not read, even where a body line holds a colon.
    """
    result = {}
    for line in message.splitlines():
        name, _, value = line.partition(":")
        result[name.strip().lower()] = value.strip()
    return result


def subject(message):
    """The Subject header of the message, '' when it has none."""
    return headers(message).get("subject", "")
