def shipping_label(order):
    """Label text: name, street and 'ZIP CITY' on separate lines; 'NO ADDRESS' without one."""
    address = order.get("address")
    lines = [order["name"], address["street"], f"{address['zip']} {address['city']}"]
    return "\n".join(lines)


def labels(orders):
    return [shipping_label(order) for order in orders]
