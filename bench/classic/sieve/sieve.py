def primes_up_to(limit):
    """All primes p <= limit, ascending (sieve of Eratosthenes)."""
    if limit < 2:
        return []
    is_prime = [True] * (limit + 1)
    is_prime[0] = is_prime[1] = False
    p = 2
    while p * p <= limit:
        if is_prime[p]:
            # Smaller multiples of p were already crossed out by smaller primes.
            for multiple in range(p * p, limit, p):
                is_prime[multiple] = False
        p += 1
    return [n for n, prime in enumerate(is_prime) if prime]
