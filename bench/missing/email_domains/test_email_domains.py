from email_domains import email_domains, external_domains


def test_no_addresses():
    assert email_domains("call me at 555-0100") == []


def test_single_label_domain():
    assert email_domains("root@localhost and ADMIN@LocalHost") == ["localhost"]


def test_dotted_domain():
    assert email_domains("Write to ann@example.org.") == ["example.org"]


def test_several_domains():
    text = "cc: bo@mail.example.co.uk, cy@Example.org; dee@my-shop.de"
    assert email_domains(text) == ["mail.example.co.uk", "example.org", "my-shop.de"]


def test_external():
    text = "from ann@corp.com to bo@corp.com and cy@partner.net"
    assert external_domains(text, "CORP.com") == ["partner.net"]
