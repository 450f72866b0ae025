import re
from urllib.parse import unquote_plus


def form_fields(body):
    """{name: value} from a URL-encoded form body such as 'name=Ann+Lee&city=&age=31'.

    Values are decoded ('+' is a space, '%XX' an escaped byte); a field sent empty, as
    'city=', maps to ''.
    """
    pairs = re.findall(r"([^&=]+)=([^&]+)", body)
    return {name: unquote_plus(value) for name, value in pairs}


def missing_fields(body, required):
    """The names in `required` that the form leaves out or sends empty, in `required` order."""
    fields = form_fields(body)
    return [name for name in required if not fields.get(name)]
