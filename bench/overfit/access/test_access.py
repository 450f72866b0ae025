from access import access_level


def user(active, banned, admin=False):
    return {"active": active, "banned": banned, "admin": admin}


def test_active_member():
    assert access_level(user(True, False)) == "member"


def test_inactive_and_banned():
    assert access_level(user(False, True)) == "guest"


def test_active_admin():
    assert access_level(user(True, False, admin=True)) == "admin"
