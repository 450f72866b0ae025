from hosts_file import parse_hosts, resolve


def test_plain_lines():
    text = "127.0.0.1 localhost\n10.0.0.5 db db.internal\n"
    assert parse_hosts(text) == {"localhost": "127.0.0.1", "db": "10.0.0.5", "db.internal": "10.0.0.5"}


def test_blank_lines():
    assert parse_hosts("\n  \n10.0.0.7 cache\n\n") == {"cache": "10.0.0.7"}


def test_later_line_wins():
    assert parse_hosts("10.0.0.1 app\n10.0.0.2 app\n") == {"app": "10.0.0.2"}


def test_comments_ignored():
    text = "# local network\n127.0.0.1 localhost\n  # 10.0.0.9 old-db\n10.0.0.5 db\n"
    assert parse_hosts(text) == {"localhost": "127.0.0.1", "db": "10.0.0.5"}


def test_commented_out_entry_not_resolved():
    text = "#10.0.0.9 mail\n10.0.0.5 db\n"
    assert resolve(text, "mail") is None


def test_resolve():
    assert resolve("10.0.0.5 db\n", "db") == "10.0.0.5"
