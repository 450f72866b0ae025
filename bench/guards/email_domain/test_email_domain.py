from email_domain import domains, email_domain


def test_domain():
    assert email_domain("Ann@Example.ORG") == "example.org"


def test_spaces():
    assert email_domain("  bo@mail.net ") == "mail.net"


def test_no_at_sign():
    assert email_domain("not an address") is None


def test_domains_skip_malformed():
    assert domains(["a@x.io", "oops", "b@y.io", "c@x.io"]) == ["x.io", "y.io"]
