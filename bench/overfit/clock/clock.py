def parse_time(text):
    """'9:05' or '9:05 pm' as (hour, minute) on a 24-hour clock; None when text is no time."""
    text = text.strip().lower()
    pm = text.endswith("pm")
    if pm:
        text = text[:-2].strip()
    hour, sep, minute = text.partition(":")
    if not sep or not hour.isdigit() or not minute.isdigit():
        return None
    hour, minute = int(hour), int(minute)
    if pm:
        hour += 12
    return hour, minute
