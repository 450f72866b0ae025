from fizzbuzz import fizzbuzz


def test_zero():
    assert fizzbuzz(0) == []


def test_one():
    assert fizzbuzz(1) == ["1"]


def test_five():
    assert fizzbuzz(5) == ["1", "2", "Fizz", "4", "Buzz"]


def test_fifteenth():
    assert fizzbuzz(15)[-1] == "FizzBuzz"


def test_length():
    assert len(fizzbuzz(30)) == 30
