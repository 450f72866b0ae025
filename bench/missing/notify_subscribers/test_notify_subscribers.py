from notify_subscribers import User, newsletter, notify


def recorder():
    sent = []
    return sent, lambda email, subject: sent.append((email, subject))


def test_all_subscribed():
    sent, send = recorder()
    notify([User("Ann", "ann@example.org"), User("Bo", "bo@example.org")], "Hello", send)
    assert sent == [("ann@example.org", "Hello"), ("bo@example.org", "Hello")]


def test_nobody():
    sent, send = recorder()
    notify([], "Hello", send)
    assert sent == []


def test_unsubscribed_skipped():
    sent, send = recorder()
    users = [User("Ann", "ann@example.org", False), User("Bo", "bo@example.org"), User("Cy", "cy@example.org", False)]
    notify(users, "Sale", send)
    assert sent == [("bo@example.org", "Sale")]


def test_newsletter():
    users = [User("Ann", "ann@example.org"), User("Bo", "bo@example.org", subscribed=False), User("Di", "di@example.org")]
    assert newsletter(users, 12) == ["ann@example.org", "di@example.org"]


def test_newsletter_subject():
    sent, send = recorder()
    notify([User("Ann", "ann@example.org")], "Newsletter #3", send)
    assert sent[0][1] == "Newsletter #3"
