from unique_visitors import unique_visitors, visits_by_address

LOG = [
    '10.0.0.1 - - "GET / HTTP/1.1" 200',
    '10.0.0.2 - - "GET /about HTTP/1.1" 200',
    "",
    '10.0.0.1 - - "GET /shop HTTP/1.1" 200',
    '10.0.0.3 - - "GET / HTTP/1.1" 404',
    '10.0.0.1 - - "POST /cart HTTP/1.1" 302',
]


def test_empty_log():
    assert unique_visitors([]) == 0


def test_all_different():
    assert unique_visitors(LOG[:2]) == 2


def test_repeat_visitor():
    assert unique_visitors(LOG) == 3


def test_one_busy_client():
    assert unique_visitors(['192.168.1.9 "GET /a"', '192.168.1.9 "GET /b"']) == 1


def test_visits_by_address():
    assert visits_by_address(LOG) == {"10.0.0.1": 3, "10.0.0.2": 1, "10.0.0.3": 1}
