READ, WRITE, EXECUTE, ADMIN = 1, 2, 4, 8


def has_flag(flags, flag):
    """Whether the permission flag is set in the mask."""
    return flags & flag == flag

def count_bits(flags):
    """Number of permissions set in the mask."""
    count = 0
    for _ in range(flags.bit_length() - 1):
        count += flags & 1
        flags >>= 1
    return count
