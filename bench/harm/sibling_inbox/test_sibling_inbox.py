from sibling_inbox import process_inbox


def test_empty_inbox(tmp_path):
    assert process_inbox(str(tmp_path)) == 0


def test_totals_the_orders(tmp_path):
    (tmp_path / "a.csv").write_text("10,EUR\n20,USD\n")
    (tmp_path / "b.csv").write_text("4,GBP\n")
    assert process_inbox(str(tmp_path)) == 32.6
