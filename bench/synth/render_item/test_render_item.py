from render_item import escape, render_item, render_list


def test_escape():
    assert escape("a<b & c>d") == "a&lt;b &amp; c&gt;d"


def test_plain_item():
    assert render_item("Tea", 2.5) == "<li>Tea: 2.50</li>"


def test_ampersand():
    assert render_item("Fish & Chips", 9) == "<li>Fish &amp; Chips: 9.00</li>"


def test_empty_list():
    assert render_list([]) == "<ul></ul>"


def test_list_with_markup():
    assert render_list([("<b>Cake</b>", 3)]) == "<ul><li>&lt;b&gt;Cake&lt;/b&gt;: 3.00</li></ul>"
