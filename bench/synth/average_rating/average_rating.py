def average_rating(reviews):
    """Mean star rating of the reviews that have one, to one decimal place; None when none has."""
    stars = [r["stars"] for r in reviews if r.get("stars") is not None]
    if not stars:
        return None
    return sum(stars) / len(stars)


def rating_label(reviews):
    mean = average_rating(reviews)
    if mean is None:
        return "no ratings"
    return f"{mean} stars"
