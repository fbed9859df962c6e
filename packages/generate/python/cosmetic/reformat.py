"""The ``reformat`` kind: one or two of five layout changes (``indent``, ``unparse``, ``quotes``, ``parens``,
``blank-lines``), each one checked to leave the tree as it was."""
import ast
import io
import tokenize

from cosmetic.same_tree import parses_to
from cosmetic.syntax import owns_lines, top_functions
from positions import LINE_BREAK, Source, splice


def tokens_of(text):
    """Every token of a text."""
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def interior_rows(tokens):
    """Rows that start inside a token spanning several lines (multi-line strings): never touched."""
    rows = set()
    for tok in tokens:
        for row in range(tok.start[0] + 1, tok.end[0] + 1):
            rows.add(row)
    return rows


def indent_unit(tokens):
    """The first indentation of a text (None when it has none)."""
    for tok in tokens:
        if tok.type == tokenize.INDENT:
            return tok.string
    return None


def reformat_indent(code, rng):
    """Every indentation in another width (2 spaces, or 4 when it is 2), string interiors untouched; None for a
    text indented with tabs."""
    tokens = tokens_of(code)
    unit = indent_unit(tokens)
    if unit is None or unit.strip(" ") != "":
        return None
    new_unit = " " * (2 if len(unit) != 2 else 4)
    interior = interior_rows(tokens)
    src = Source(code)
    edits = []
    for row, line in enumerate(src.lines, start=1):
        if row in interior:
            continue
        body = line.lstrip(" ")
        lead = len(line) - len(body)
        if lead == 0 or body.strip() == "":
            continue
        depth, rest = divmod(lead, len(unit))
        start = src.line_start(row)
        edits.append((start, start + lead, new_unit * depth + " " * rest))
    return splice(code, edits) if edits else None


def reformat_unparse(code, rng):
    """The text as ``ast.unparse`` writes it."""
    return ast.unparse(ast.parse(code)) + "\n"


def reformat_quotes(code, rng):
    """Simple string literals of the more common quote style in the other one."""
    tokens = tokens_of(code)
    src = Source(code)
    in_fstring = 0
    singles, doubles = [], []
    for tok in tokens:
        name = tokenize.tok_name.get(tok.type, "")
        if name == "FSTRING_START":
            in_fstring += 1
        elif name == "FSTRING_END":
            in_fstring -= 1
        if tok.type != tokenize.STRING or in_fstring or tok.start[0] != tok.end[0]:
            continue
        text = tok.string
        prefix = text[:len(text) - len(text.lstrip("bBuU"))]
        body = text[len(prefix):]
        if len(body) < 2 or body[0] not in "'\"" or body[:3] in ("'''", '"""') or "\\" in body:
            continue  # raw, f-, triple-quoted or escaped strings stay as written
        quote = body[0]
        inner = body[1:-1]
        other = '"' if quote == "'" else "'"
        if other in inner:
            continue
        start = src.index(tok.start)
        entry = (start, start + len(text), prefix + other + inner + other)
        (singles if quote == "'" else doubles).append(entry)
    group = singles if len(singles) >= len(doubles) else doubles
    return splice(code, group) if group else None


def reformat_parens(code, rng):
    """Parentheses around a seeded subset of ``return`` values and ``if``/``while`` conditions."""
    tree = ast.parse(code)
    src = Source(code)
    sites = []
    for node in ast.walk(tree):
        target = None
        if isinstance(node, ast.Return) and node.value is not None:
            target = node.value
        elif isinstance(node, (ast.If, ast.While)):
            target = node.test
        if target is None or isinstance(target, (ast.Tuple, ast.NamedExpr)):
            continue
        start, end = src.node_span(target)
        if code[start:start + 1] == "(" and code[end - 1:end] == ")":
            continue
        sites.append((start, end))
    if not sites:
        return None
    chosen = rng.subset(sites, 0.5)
    # The spans never overlap (a condition or return value holds no statement): insert from the end.
    text = code
    for start, end in sorted(chosen, key=lambda s: (s[0], -s[1]), reverse=True):
        text = text[:end] + ")" + text[end:]
        text = text[:start] + "(" + text[start:]
    return text


def reformat_blank_lines(code, rng):
    """Blank lines inside functions removed or, when there are none, one added before each final ``return``."""
    tree = ast.parse(code)
    src = Source(code)
    tokens = tokens_of(code)
    interior = interior_rows(tokens)
    blanks = []
    for _, fn in top_functions(tree):
        for row in range(fn.body[0].lineno, fn.end_lineno + 1):
            if row not in interior and src.lines[row - 1].strip() == "":
                blanks.append(row)
    if blanks:
        edits = [(src.line_start(row), src.line_end(row), "") for row in blanks]
        return splice(code, edits)
    edits = []
    for _, fn in top_functions(tree):
        last = fn.body[-1]
        if isinstance(last, ast.Return) and len(fn.body) > 1 and owns_lines(src, last):
            start = src.line_start(last.lineno)
            brk = LINE_BREAK.search(code[src.line_start(fn.body[0].lineno):])
            edits.append((start, start, brk.group(0) if brk else "\n"))
    return splice(code, edits) if edits else None


REFORMATS = (
    ("indent", reformat_indent),
    ("unparse", reformat_unparse),
    ("quotes", reformat_quotes),
    ("parens", reformat_parens),
    ("blank-lines", reformat_blank_lines),
)


def rewrite_reformat(code, job, rng):
    """One or two styles in seeded order, each kept only when it changes the text and not the tree; None when
    none applies."""
    styles = [REFORMATS[i] for i in range(len(REFORMATS))]
    order = []
    while styles:
        order.append(styles.pop(rng.below(len(styles))))
    expected = ast.parse(code)
    applied = 0
    text = code
    for _name, style in order:
        if applied == 2 or (applied == 1 and not rng.chance(0.4)):
            break
        try:
            out = style(text, rng)
        except (SyntaxError, ValueError, tokenize.TokenError, IndentationError, RecursionError, AttributeError):
            out = None
        if out is None or out == text or not parses_to(out, expected):
            continue
        text = out
        applied += 1
    return text if applied else None
