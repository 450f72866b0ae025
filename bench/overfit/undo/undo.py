def undo_order(actions):
    """The actions in the order they must be undone."""
    return list(reversed(actions))

def is_reversed(log, replay):
    """Whether replay holds exactly the actions of log, in reverse order."""
    if len(log) != len(replay):
        return False
    for i in range(len(log)):
        if log[i] != replay[len(replay) - i]:
            return False
    return True
