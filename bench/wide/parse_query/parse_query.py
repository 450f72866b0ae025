from urllib.parse import unquote_plus


def parse_query(query):
    """Parses 'a=1&b=two' into a dict; a leading '?' is ignored and a bare key maps to ''."""
    query = query.lstrip("?")
    if not query:
        return {}
    params = {}
    for pair in query.split("&"):
        if not pair:
            continue
        key, _, value = pair.partition("=")
        params[unquote_plus(key)] = unquote_plus(value)
