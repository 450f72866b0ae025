import pytest

from linked import Node, length, to_list


def nodes(*values):
    head = None
    for value in values[::-1]:
        head = Node(value, head)
    return head


def test_nothing():
    assert to_list(None) == []


def test_one_node():
    assert to_list(Node(7)) == [7]


def test_two_nodes_by_hand():
    assert to_list(Node(1, Node(2))) == [1, 2]


def test_three_nodes_by_hand():
    assert to_list(Node("a", Node("b", Node("c")))) == ["a", "b", "c"]


def test_head_first():
    assert to_list(nodes(9, 8, 7))[0] == 9


def test_from_the_middle():
    head = nodes(1, 2, 3, 4)
    assert to_list(head.next.next) == [3, 4]


def test_length_of_nothing():
    assert length(None) == 0


def test_length_matches():
    head = nodes(1, 2, 3, 4, 5)
    assert length(head) == len(to_list(head))


def test_leaves_the_nodes_alone():
    head = nodes(1, 2, 3)
    to_list(head)
    assert (head.value, head.next.value, head.next.next.value) == (1, 2, 3)


@pytest.mark.parametrize("n", range(0, 6))
def test_counting(n):
    assert to_list(nodes(*range(n))) == list(range(n))
