def merge_settings(defaults, layers):
    """defaults updated by each layer in turn; a None in a layer leaves that setting as it was."""
    merged = dict(defaults)
    for layer in layers:
        for key, value in layer.items():
            if value is not None:
                merged[key] = value
    return defaults
