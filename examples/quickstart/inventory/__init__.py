"""A small stock-keeping library: items measured in units or by weight."""

from inventory.items import InsufficientStock, Item, UnknownItem
from inventory.report import low_stock, out_of_stock, stock_value_report
from inventory.stock import Inventory

__all__ = [
    "InsufficientStock",
    "Inventory",
    "Item",
    "UnknownItem",
    "low_stock",
    "out_of_stock",
    "stock_value_report",
]
