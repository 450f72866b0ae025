def parse_ini(text):
    """Parses INI text into {section: {key: value}}; keys before any header go to section ''."""
    data = {"": {}}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            data.setdefault(section, {})
        key, sep, value = line.partition("=")
        if not sep:
            raise ValueError(f"not a setting: {raw!r}")
        data[section][key.strip()] = value.strip()
    return data
