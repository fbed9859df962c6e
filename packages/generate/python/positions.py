"""Positions in a snippet's text, shared by the mutation engine (``mutation/``) and the cosmetic rewrites
(``cosmetic/``).

``ast`` reports a node's place as a line (1-based) and a column counted in UTF-8 bytes; ``tokenize`` and the
edits this package exchanges with ``src/`` count columns in code points (Python ``str`` indices). ``Source``
converts between the two and to offsets into the text. Lines end at ``\\r\\n``, ``\\r`` or ``\\n`` and include
their terminator; a position may be the end of a line, terminator included, and ``(len(lines) + 1, 0)`` is the
end of the text.
"""
import re

LINE_BREAK = re.compile(r"\r\n|\r|\n")
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


class Source:
    """A text with its lines (``lines``, terminators included) and where each starts (``starts``, with the
    text's length last). Positions are ``(line, code-point column)`` pairs; offsets are ``str`` indices."""

    def __init__(self, text):
        self.text = text
        self.lines = LINE.findall(text)
        self.starts = []
        offset = 0
        for line in self.lines:
            self.starts.append(offset)
            offset += len(line)
        self.starts.append(offset)

    # ----------------------------------------------------------------- ast's columns
    def char_col(self, line, byte_col, errors="strict"):
        """The code-point column of ``ast``'s byte column ``byte_col`` on ``line``. A column inside a character
        raises ``UnicodeDecodeError``, or with ``errors="replace"`` counts the cut character's bytes as one."""
        text = self.lines[line - 1] if line - 1 < len(self.lines) else ""
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors=errors))

    def start(self, node):
        """Position where an ``ast`` node starts."""
        return (node.lineno, self.char_col(node.lineno, node.col_offset))

    def end(self, node):
        """Position just after an ``ast`` node."""
        return (node.end_lineno, self.char_col(node.end_lineno, node.end_col_offset))

    def ast_offset(self, line, byte_col):
        """Offset of ``ast``'s ``(line, byte column)``; a column inside a character never raises (see
        ``char_col``): the rewrites check every splice by re-parsing it."""
        return self.starts[line - 1] + self.char_col(line, byte_col, errors="replace")

    def node_span(self, node):
        """``(start, end)`` offsets of an ``ast`` node (see ``ast_offset``)."""
        return self.ast_offset(node.lineno, node.col_offset), self.ast_offset(node.end_lineno, node.end_col_offset)

    # ----------------------------------------------------------------- positions and offsets
    def index(self, position):
        """Offset of a ``(line, code-point column)`` position (``tokenize``'s, or this module's)."""
        line, col = position
        return self.starts[line - 1] + col

    def position(self, offset):
        """The ``(line, code-point column)`` position of an offset."""
        lo, hi = 0, len(self.lines) - 1
        line = 0
        while lo <= hi:
            mid = (lo + hi) // 2
            if self.starts[mid] <= offset:
                line = mid
                lo = mid + 1
            else:
                hi = mid - 1
        return (line + 1, offset - self.starts[line])

    def segment(self, start, end):
        """The text between two positions."""
        return self.text[self.index(start):self.index(end)]

    def line_start(self, line):
        """Offset of the first character of ``line``."""
        return self.starts[line - 1]

    def line_end(self, line):
        """Offset just after the line's terminator (the end of the text for the last line)."""
        return self.starts[line] if line < len(self.starts) else len(self.text)

    def line_end_position(self, line):
        """Position just after the terminator of ``line``."""
        return (line, len(self.lines[line - 1]))


def splice(text, edits):
    """Applies non-overlapping ``(start offset, end offset, replacement)`` edits; None when two overlap."""
    out = []
    last = len(text)
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        if end > last:
            return None
        out.append(text[end:last])
        out.append(replacement)
        last = start
    out.append(text[:last])
    return "".join(reversed(out))


def replace_between(text, src, start, end, after):
    """``text`` with what lies between two positions of ``src`` replaced by ``after``. ``text`` may be ``src``'s
    text already edited after ``end`` (edits applied from the last one back keep earlier positions valid)."""
    return text[:src.index(start)] + after + text[src.index(end):]
