import re


def email_domains(text):
    """The domains of the e-mail addresses in `text`, lower-cased, each once, in order of
    first appearance. A full stop that ends a sentence is not part of a domain."""
    seen = []
    for domain in re.findall(r"@([\w-]+)", text):
        domain = domain.rstrip(".").lower()
        if domain not in seen:
            seen.append(domain)
    return seen


def external_domains(text, own_domain):
    """The domains of `text` other than `own_domain` (any case)."""
    return [d for d in email_domains(text) if d != own_domain.lower()]
