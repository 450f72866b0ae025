import itertools

import pytest

from access import access_level


def expected(active, banned, admin):
    if not active or banned:
        return "guest"
    return "admin" if admin else "member"


@pytest.mark.parametrize("active, banned, admin", list(itertools.product([True, False], repeat=3)))
def test_every_combination(active, banned, admin):
    user = {"active": active, "banned": banned, "admin": admin}
    assert access_level(user) == expected(active, banned, admin)


def test_banned_admin_is_guest():
    assert access_level({"active": True, "banned": True, "admin": True}) == "guest"


def test_inactive_user_is_guest():
    assert access_level({"active": False, "banned": False, "admin": False}) == "guest"
