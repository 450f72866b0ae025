from commands import dispatch, parse_command

HANDLERS = {"add": lambda a, b: str(int(a) + int(b)), "ping": lambda: "pong"}


def test_with_arguments():
    assert parse_command("add 2 3") == ("add", ["2", "3"])


def test_lower_case():
    assert parse_command("PING") == ("ping", [])


def test_dispatch():
    assert dispatch("add 2 3", HANDLERS) == "5"


def test_unknown():
    assert dispatch("jump now", HANDLERS) == "unknown command: jump"


def test_blank_line():
    assert parse_command("") == ("", [])


def test_spaces_only():
    assert parse_command("   ") == ("", [])


def test_dispatch_blank():
    assert dispatch("\t", HANDLERS) == ""
