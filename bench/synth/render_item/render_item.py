def escape(text):
    """text with &, < and > replaced by HTML entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render_item(name, price):
    """One <li> of a price list: the escaped name and the price with two decimals."""
    return f"<li>{name}: {price:.2f}</li>"


def render_list(items):
    return "<ul>" + "".join(render_item(name, price) for name, price in items) + "</ul>"
