from backup_files import cleanup_list, is_backup


def test_bak():
    assert is_backup("report.doc.BAK")


def test_orig():
    assert is_backup("setup.py.orig")


def test_not_backup():
    assert not is_backup("notes.txt")
    assert not is_backup("build-2024")


def test_dash_is_not_backup():
    assert not is_backup("draft-")


def test_editor_backup():
    assert is_backup("notes.txt~")


def test_cleanup_list():
    names = ["main.py~", "main.py", "data.csv.bak", "README~", "old-data"]
    assert cleanup_list(names) == ["README~", "data.csv.bak", "main.py~"]
