from inventory.stock import Inventory


def low_stock(inventory: Inventory) -> list:
    """SKUs at or below their reorder level, furthest below first."""
    low = [
        item
        for item in inventory.items()
        if item.quantity <= item.reorder_level
    ]
    return [item.sku for item in sorted(low, key=lambda item: item.quantity - item.reorder_level)]


def out_of_stock(inventory: Inventory) -> list:
    return [item.sku for item in inventory.items() if item.quantity == 0]


def stock_value_report(inventory: Inventory) -> str:
    lines = [f"{item.sku:<8} {item.quantity:>8.2f} {item.value:>10.2f}" for item in inventory.items()]
    lines.append(f"{'TOTAL':<8} {'':>8} {inventory.total_value():>10.2f}")
    return "\n".join(lines)
