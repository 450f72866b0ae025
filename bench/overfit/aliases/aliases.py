def resolve(name, aliases, seen=()):
    """Follow aliases (a dict name -> name) from name to a name that is no alias.
    A cycle raises ValueError."""
    if name in seen:
        raise ValueError(f"alias cycle at {name}")
    if name not in aliases:
        return name
    return resolve(aliases[name], aliases, seen)
