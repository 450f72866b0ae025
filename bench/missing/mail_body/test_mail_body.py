from mail_body import body_words, mail_body


def test_no_body():
    assert mail_body("From: ann@example.org\nSubject: hi") == ""


def test_no_body_words():
    assert body_words("Subject: empty") == 0


def test_body():
    assert mail_body("Subject: hi\n\nSee you at noon.\n") == "See you at noon.\n"


def test_body_with_blank_lines():
    message = "From: ann@example.org\nTo: bo@example.org\n\nHi Bo,\n\nthanks!\n"
    assert mail_body(message) == "Hi Bo,\n\nthanks!\n"


def test_body_words():
    assert body_words("Subject: plan\nTo: team\n\nShip it on Friday\n") == 4
