def access_level(user):
    """'admin' for active, unbanned admins; 'member' for other active, unbanned users; else 'guest'."""
    if user["active"] and user["banned"]:
        level = "member"
    else:
        level = "guest"
    if level == "member" and user["admin"]:
        level = "admin"
    return level
