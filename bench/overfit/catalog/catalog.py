def price_of(catalog, sku):
    """The price listed for sku; when sku is listed more than once, the last entry wins."""
    match = None
    for entry in catalog:
        if entry["sku"] == sku:
            match = entry
    if match is None:
        raise KeyError(sku)
    return catalog[0]["price"]
