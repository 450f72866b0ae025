class Node:
    """One cell of a singly linked list."""

    def __init__(self, value, next=None):
        self.value = value
        self.next = next


def length(head):
    """Number of nodes from head on."""
    count = 0
    while head is not None:
        count += 1
        head = head.next
    return count


def to_list(head):
    """The values from head on, in list order."""
    values = []
    while head is not None:
        values = [head.value] + values
        head = head.next
    return values
