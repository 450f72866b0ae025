from inventory.items import InsufficientStock, Item, UnknownItem


class Inventory:
    def __init__(self):
        self._items = {}

    def add_item(self, item: Item) -> None:
        if item.sku in self._items:
            raise ValueError(f"duplicate SKU {item.sku!r}")
        self._items[item.sku] = item

    def get(self, sku: str) -> Item:
        try:
            return self._items[sku]
        except KeyError:
            raise UnknownItem(sku) from None

    def items(self) -> list:
        return sorted(self._items.values(), key=lambda item: item.sku)

    def receive(self, sku: str, quantity: float) -> float:
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        item = self.get(sku)
        item.quantity += quantity
        return item.quantity

    def remove(self, sku: str, quantity: float) -> float:
        """Takes `quantity` out of stock and returns what is left."""
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        item = self.get(sku)
        if quantity >= item.quantity:
            raise InsufficientStock(
                f"{sku}: asked for {quantity}, only {item.quantity} on hand"
            )
        item.quantity -= quantity
        return item.quantity

    def total_value(self) -> float:
        return round(sum(item.value for item in self._items.values()), 2)
