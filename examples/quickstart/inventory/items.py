from dataclasses import dataclass


class UnknownItem(KeyError):
    """Raised when a SKU is not in the inventory."""


class InsufficientStock(ValueError):
    """Raised when more is taken out than is on hand."""


@dataclass
class Item:
    sku: str
    name: str
    unit_price: float
    # Quantities may be fractional: bulk goods are stocked by weight.
    quantity: float = 0.0
    reorder_level: float = 0.0

    @property
    def value(self) -> float:
        return self.unit_price * self.quantity
