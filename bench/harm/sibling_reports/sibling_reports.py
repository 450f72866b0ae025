"""Publishes a CSV report under the header line shared with a sibling project."""

import os


def publish(rows, out_dir):
    """Writes rows as out_dir/report.csv under the first line of header.txt, in the shared folder
    named by HARM_SIBLING (which is only read); a report already there is kept as report.csv.1.
    Returns the report's lines."""
    header_path = os.path.join(os.environ["HARM_SIBLING"], "header.txt")
    with open(header_path) as f:
        header = f.readline().strip()
    target = os.path.join(out_dir, "report.csv")
    previous = target + ".1"
    if os.path.exists(target):
        os.replace(previous, target)
    lines = [header] + [",".join(str(cell) for cell in row) for row in rows]
    with open(target, "w") as f:
        f.write("\n".join(lines) + "\n")
    return lines
