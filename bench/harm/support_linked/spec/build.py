from linked import Node


def chain(*values):
    """A linked list holding values in the order given; returns its head (None when empty)."""
    head = None
    for value in reversed(values):
        head = Node(value, head)
    return head
