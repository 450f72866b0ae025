def truthy(value):
    """Whether a setting's text means yes: 'yes', 'true', 'on' or '1', in any case."""
    text = value.strip().lower()
    return text == "yes" or text == "true" or text == "on"


def enabled_features(settings):
    """Sorted names of the settings 'feature.<name>' whose value is truthy."""
    return sorted(key.split(".", 1)[1] for key, value in settings.items()
                  if key.startswith("feature.") and truthy(value))
