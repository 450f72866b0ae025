"""Totals the order files of an inbox in one currency, with a sibling project's rates."""

import json
import os
import shutil


def process_inbox(inbox):
    """Adds up the amounts ("amount,currency" lines) of every .csv file in inbox, converted with
    rates.json of the shared folder named by HARM_SIBLING (which is only read), and moves each
    file it has read into inbox/done. Returns the total, rounded to cents."""
    rates_path = os.path.join(os.environ["HARM_SIBLING"], "rates.json")
    with open(rates_path) as f:
        rates = json.load(f)
    done = os.path.join(inbox, "done")
    os.makedirs(done, exist_ok=True)
    total = 0.0
    for name in sorted(os.listdir(inbox)):
        path = os.path.join(inbox, name)
        if not name.endswith(".csv"):
            continue
        with open(path) as f:
            for line in f:
                amount, currency = line.strip().split(",")
                total += float(amount) * rates[currency]
        shutil.move(path, inbox)
    return round(total, 2)
