class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next


def from_list(values):
    head = None
    for value in reversed(values):
        head = Node(value, head)
    return head


def to_list(head):
    values = []
    while head is not None:
        values.append(head.value)
        head = head.next
    return values


def reverse(head):
    """Reverses a singly linked list in place and returns its new head."""
    prev = None
    node = head
    while node is not None:
        following = node.next
        node.next = prev
        node = following
    return prev
