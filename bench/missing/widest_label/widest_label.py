def widest_label(labels):
    """The longest of the labels (the first of equally long ones); '' when there are none."""
    best = ""
    for label in labels:
        if label > best:
            best = label
    return best


def label_column(labels):
    """The labels padded on the right to the width of the widest one, for a form layout."""
    width = len(widest_label(labels))
    return [label.ljust(width) + " :" for label in labels]
