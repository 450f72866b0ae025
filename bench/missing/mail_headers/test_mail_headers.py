from mail_headers import headers, subject


def test_headers_only():
    message = "From: ann@example.org\nSubject: Lunch"
    assert headers(message) == {"from": "ann@example.org", "subject": "Lunch"}


def test_header_names_lower_case():
    assert headers("X-Priority: 1") == {"x-priority": "1"}


def test_body_not_read():
    message = "From: ann@example.org\nTo: bo@example.org\n\nHi Bo,\nsee you at noon.\n"
    assert headers(message) == {"from": "ann@example.org", "to": "bo@example.org"}


def test_body_line_with_colon():
    message = "Subject: Minutes\n\nAgenda: budget\nDate: next week\n"
    assert headers(message) == {"subject": "Minutes"}


def test_subject():
    assert subject("From: ann@example.org\nSubject: Lunch\n\nNoon?\n") == "Lunch"


def test_subject_in_body_ignored():
    assert subject("From: ann@example.org\n\nSubject: not a header\n") == ""
