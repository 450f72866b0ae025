def parse_port(value):
    """The port number in a config value such as ' 8080 ', or None when it holds no valid port."""
    text = value.strip()
    port = int(text)
    if 0 < port < 65536:
        return port
    return None
