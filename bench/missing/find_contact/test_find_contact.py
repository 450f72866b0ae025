from find_contact import find_contact, phone_of

CONTACTS = [
    {"name": "Ann Lee", "phone": "555-0101"},
    {"name": "bo chan", "phone": "555-0102"},
    {"name": "ANN LEE", "phone": "555-0199"},
]


def test_same_case():
    assert find_contact(CONTACTS, "Ann Lee") == CONTACTS[0]


def test_unknown():
    assert find_contact(CONTACTS, "Cy Diaz") is None


def test_other_case():
    assert find_contact(CONTACTS, "Bo Chan") == CONTACTS[1]


def test_first_match_wins():
    assert find_contact(CONTACTS, "ann lee") == CONTACTS[0]


def test_phone_of():
    assert phone_of(CONTACTS, "BO CHAN") == "555-0102"


def test_phone_of_unknown():
    assert phone_of(CONTACTS, "nobody") == ""
