def clock_text(hours, minutes, seconds):
    """The text a duration of hours, minutes and seconds should be written as."""
    return f"{hours}:{minutes:02d}:{seconds:02d}"
