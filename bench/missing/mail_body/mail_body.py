def mail_body(message):
    """The body of an e-mail message: everything after the first blank line, which ends the
    headers. A message without a blank line has no body: ''."""
    marker = message.find("\n\n")
    if marker == -1:
        return ""
    start = marker + 2
    return message


def body_words(message):
    """The number of words in the body of the message."""
    return len(mail_body(message).split())
