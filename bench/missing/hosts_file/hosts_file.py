def parse_hosts(text):
    """{host name: address} from the text of a hosts file.

    Each line holds an address followed by one or more host names. Blank lines and comment
    lines (starting with '#') are ignored. When a name appears twice, the later line wins.
    """
    hosts = {}
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        address, *names = line.split()
        for name in names:
            hosts[name] = address
    return hosts


def resolve(text, name, default=None):
    """The address of host `name` in the hosts-file text, or `default`."""
    return parse_hosts(text).get(name, default)
