def parse_port(text):
    """The port number in text; the default port 80 when text is blank."""
    return int(text.strip())


def address(host_and_port):
    """(host, port) from 'host:port' or 'host:' strings."""
    host, _, port_text = host_and_port.partition(":")
    return host, parse_port(port_text)
