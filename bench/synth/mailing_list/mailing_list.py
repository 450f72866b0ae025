def clean_email(address):
    return address.strip().lower()


def mailing_list(records):
    """The distinct e-mail addresses of subscribed records, cleaned and sorted."""
    emails = [clean_email(r["email"]) for r in records if r.get("subscribed")]
    return sorted(emails)


def unsubscribed(records):
    return sorted({clean_email(r["email"]) for r in records if not r.get("subscribed")})
