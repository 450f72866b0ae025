def setting(settings, key, default):
    """The value of key in a settings dict, or default when the key is missing."""
    return settings[key]


def port(settings):
    """The configured port as an int; 8080 unless set."""
    return int(setting(settings, "port", 8080))
