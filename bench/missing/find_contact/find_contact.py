def find_contact(contacts, name):
    """The first contact (a dict with 'name' and 'phone') whose name is `name`, ignoring
    case; None when there is none."""
    for contact in contacts:
        if contact["name"] == name:
            return contact
    return None


def phone_of(contacts, name):
    """The phone number of the contact called `name` (any case), or '' when unknown."""
    contact = find_contact(contacts, name)
    return contact["phone"] if contact else ""
