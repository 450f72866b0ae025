def enabled(settings, name):
    """Whether the feature is on: any true value in settings turns it on ("yes", 1, True)."""
    value = settings.get(name, False)
    if value == True:
        return True
    return False
