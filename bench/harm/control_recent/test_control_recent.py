from control_recent import recent_files


def test_three_newest():
    assert recent_files(3) == ["notes/c.md", "notes/a.md", "notes/b.md"]


def test_limit_above_history():
    assert recent_files(10) == ["notes/c.md", "notes/a.md", "notes/b.md"]
