import re


def email_domain(address):
    """The lower-cased domain of an e-mail address, or None when it is not an address."""
    match = re.match(r"^[^@\s]+@([^@\s]+)$", address.strip())
    return match.group(1).lower()


def domains(addresses):
    """The distinct domains of well-formed addresses, sorted."""
    return sorted({d for d in map(email_domain, addresses) if d is not None})
