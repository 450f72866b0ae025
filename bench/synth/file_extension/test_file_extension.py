from file_extension import file_extension, group_by_extension


def test_simple():
    assert file_extension("report.PDF") == "pdf"


def test_none():
    assert file_extension("Makefile") == ""


def test_hidden_file():
    assert file_extension(".bashrc") == ""


def test_two_dots():
    assert file_extension("backup/archive.tar.gz") == "gz"


def test_dotted_folder():
    assert file_extension("v1.2/notes") == ""


def test_group():
    assert group_by_extension(["a.txt", "b.min.js", "c.js"]) == {"txt": ["a.txt"], "js": ["b.min.js", "c.js"]}
