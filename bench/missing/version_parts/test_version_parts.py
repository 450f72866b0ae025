from version_parts import newest, version_parts


def test_full_version():
    assert version_parts("2.7.1") == (2, 7, 1)


def test_v_prefix_and_spaces():
    assert version_parts(" v1.0.12 ") == (1, 0, 12)


def test_not_a_version():
    assert version_parts("latest") is None
    assert version_parts("1.2.3.4") is None


def test_no_patch():
    assert version_parts("v3.10") == (3, 10, 0)


def test_no_patch_plain():
    assert version_parts("1.0") == (1, 0, 0)


def test_newest():
    assert newest(["1.9.2", "1.10", "nightly", "1.9.10"]) == "1.10"
