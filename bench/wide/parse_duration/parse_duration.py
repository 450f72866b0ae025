import re

UNITS = {"h": 3600, "m": 60, "s": 1}


def parse_duration(text):
    """Seconds in a duration such as '1h30m', '90s' or '2h5s'."""
    parts = re.findall(r"(\d+)([hms])", text)
    if not parts or "".join(number + unit for number, unit in parts) != text:
        raise ValueError(f"bad duration {text!r}")
    return sum(number * UNITS[unit] for number, unit in parts)


def format_duration(seconds):
    """Inverse of parse_duration for whole seconds ('0s' for zero)."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = "".join(f"{value}{unit}" for value, unit in ((hours, "h"), (minutes, "m"), (secs, "s")) if value)
    return text or "0s"
