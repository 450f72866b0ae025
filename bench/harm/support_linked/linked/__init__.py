"""A small singly linked list."""

from .nodes import Node, length, to_list

__all__ = ["Node", "length", "to_list"]
