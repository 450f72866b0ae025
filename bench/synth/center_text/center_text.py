def center_text(text, width, fill=" "):
    """text centred in a field of `width` characters (the extra one goes right); longer text is kept."""
    if len(text) >= width:
        return text
    left = width // 2
    right = width - len(text) - left
    return fill * left + text + fill * right


def banner(lines, width):
    border = "*" * (width + 4)
    body = ["* " + center_text(line, width) + " *" for line in lines]
    return "\n".join([border, *body, border])
