def rank(scores):
    """Names of a {name: score} dict, highest score first; equal scores in name order."""
    return sorted(scores, key=lambda name: (scores[name], name))
