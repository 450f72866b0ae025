import re


class LinkFinder:
    """Finds the web links (http:// and https://) in a text."""

    url_pattern = r"http://[^\s<>\"]+"

    def __init__(self, text):
        self.text = text

    def links(self):
        """The links in the text, in order; a '.', ',' or ')' that ends a link is punctuation
        of the sentence, not part of the link."""
        return [link.rstrip(".,)") for link in re.findall(self.url_pattern, self.text)]

    def hosts(self):
        """The host names of the links, each once, in order of first appearance."""
        seen = []
        for link in self.links():
            host = link.split("://", 1)[1].split("/", 1)[0]
            if host not in seen:
                seen.append(host)
        return seen
