def greeters(names):
    """A callback per name that greets that name."""
    callbacks = []
    for name in names:
        def greet():
            return f"Hello, {name}!"

        callbacks.append(greet)
    return callbacks
