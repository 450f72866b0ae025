def fizzbuzz(n):
    """The FizzBuzz words for the numbers 1 to n."""
    words = []
    for i in range(0, n):
        if i % 15 == 0:
            words.append("FizzBuzz")
        elif i % 3 == 0:
            words.append("Fizz")
        elif i % 5 == 0:
            words.append("Buzz")
        else:
            words.append(str(i))
    return words
