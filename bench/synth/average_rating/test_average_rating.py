from average_rating import average_rating, rating_label


def test_no_reviews():
    assert average_rating([]) is None


def test_reviews_without_stars():
    assert rating_label([{"text": "ok"}]) == "no ratings"


def test_whole_mean():
    assert average_rating([{"stars": 4}, {"stars": 2}]) == 3


def test_thirds_rounded():
    assert average_rating([{"stars": 5}, {"stars": 4}, {"stars": 4}]) == 4.3


def test_label_rounded():
    reviews = [{"stars": 1}, {"stars": 2}, {"stars": 2}, {"stars": None}]
    assert rating_label(reviews) == "1.7 stars"
