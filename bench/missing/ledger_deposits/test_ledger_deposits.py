from ledger_deposits import deposits, parse_entry, withdrawals


def test_parse_entry():
    assert parse_entry("2024-03-01 -12.30 bus ticket") == ("2024-03-01", -12.3, "bus ticket")


def test_only_deposits():
    assert deposits(["2024-03-01 +120.50 salary", "2024-03-02 +4.25 refund"]) == 124.75


def test_empty_ledger():
    assert deposits([]) == 0.0


def test_withdrawal_left_out():
    lines = ["2024-03-01 +120.50 salary", "2024-03-03 -20.00 groceries"]
    assert deposits(lines) == 120.5


def test_mixed_month():
    lines = ["2024-04-01 -800.00 rent", "2024-04-02 +1500.00 salary", "2024-04-05 -35.10 power", "2024-04-09 +60.00 sold bike"]
    assert deposits(lines) == 1560.0


def test_withdrawals():
    lines = ["2024-04-01 -800.00 rent", "2024-04-02 +1500.00 salary", "2024-04-05 -35.10 power"]
    assert withdrawals(lines) == 835.1
