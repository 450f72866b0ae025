import pytest

from versions import latest_version


@pytest.mark.parametrize("tags, expected", [
    (["v1.0.0", "v1.2.0"], "v1.2.0"),
    (["v1.2.0", "v1.0.0"], "v1.2.0"),
    (["v1.9.0", "v1.10.0"], "v1.10.0"),
    (["v1.10.0", "v1.9.0"], "v1.10.0"),
    (["v2.0.0"], "v2.0.0"),
    ([], None),
    (["v0.1.0", "v3.0.0", "v2.5.1"], "v3.0.0"),
    (["v1.0.1", "v1.0.0"], "v1.0.1"),
    (["v0.0.9", "v0.1.0", "v0.0.10"], "v0.1.0"),
    (["v5.0.0", "v4.9.9", "v4.10.0"], "v5.0.0"),
])
def test_latest(tags, expected):
    assert latest_version(tags) == expected


def test_longer_tag_sorts_higher():
    assert latest_version(["v1.0", "v1.0.0", "v0.9"]) == "v1.0.0"
