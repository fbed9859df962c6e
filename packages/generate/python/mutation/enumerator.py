"""The walk of the mutation engine: every node a mutation may touch, in a fixed order, offered to each operator
(``operators/``), which adds its candidates to the ``Enumerator``."""
import ast
import io
import re
import tokenize

from mutation.operators import OPERATORS
from mutation.operators.off_by_one_boundary import mark_boundaries
from mutation.shapes import docstring_node


class Candidate:
    """One single-edit mutant before it is spliced and verified: the span ``start``-``end`` (positions) of the
    canonical becomes ``after``, and ``transform(tree)`` makes the same change to a fresh parse of the canonical
    (its node named by ``path``), for the check that the spliced text parses to exactly that tree."""

    def __init__(self, bug_type, operator, start, end, after, path, transform):
        self.bug_type = bug_type
        self.operator = operator
        self.start = start
        self.end = end
        self.after = after
        self.path = path
        self.transform = transform


def walk(node, path):
    """Every node under ``node`` with its path, depth first in field order; decorators, signatures (defaults,
    annotations), class bases, variable annotations and imports are left alone."""
    yield node, path
    for field, value in ast.iter_fields(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and field in (
                "decorator_list", "returns", "args", "bases", "keywords"):
            continue  # decorators, signatures (defaults, annotations) and class bases are left alone
        if isinstance(node, (ast.AnnAssign,)) and field == "annotation":
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, ast.AST):
                    yield from walk(item, path + ((field, i),))
        elif isinstance(value, ast.AST):
            yield from walk(value, path + ((field, None),))


class Enumerator:
    """What the operators share while they enumerate one canonical: its ``Source`` (``src``) and tree, its
    operator and name tokens, the boundary expressions already mutated (``boundary_ids``), and the candidates."""

    def __init__(self, source, tree):
        self.src = source
        self.tree = tree
        self.candidates = []
        self.tokens = []
        try:
            self.tokens = [t for t in tokenize.generate_tokens(io.StringIO(source.text).readline)
                           if t.type in (tokenize.OP, tokenize.NAME)]
        except (tokenize.TokenError, SyntaxError, IndentationError):
            self.tokens = []
        self.boundary_ids = set()

    def run(self):
        """Every candidate: the boundaries first (``mark_boundaries``), then each node (docstrings skipped)
        offered to every operator in ``OPERATORS`` order."""
        nodes = list(walk(self.tree, ()))
        docstrings = set()
        for node, _ in nodes:
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                doc = docstring_node(node.body)
                if doc is not None:
                    docstrings.add(id(doc.value))
        mark_boundaries(self, nodes)
        for node, path in nodes:
            if id(node) in docstrings:
                continue
            for operator in OPERATORS:
                operator(self, node, path)
        return self.candidates

    def add(self, bug_type, operator, start, end, after, path, transform):
        self.candidates.append(Candidate(bug_type, operator, start, end, after, path, transform))

    def find_token(self, start, end, words):
        """Find the token sequence ``words`` between two positions; returns its (start, end) or None."""
        hits = []
        toks = [t for t in self.tokens if start <= t.start and t.end <= end]
        for i in range(len(toks) - len(words) + 1):
            if all(toks[i + j].string == words[j] for j in range(len(words))):
                hits.append((toks[i].start, toks[i + len(words) - 1].end))
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None
        # Fallback for code the tokenizer does not split (expressions inside f-strings before 3.12):
        # search the raw text between the operands; the AST check afterwards confirms the edit.
        text = self.src.segment(start, end)
        pattern = r"\s+".join(re.escape(w) for w in words)
        if words[0][0].isalpha():
            pattern = r"(?<![\w])" + pattern + r"(?![\w])"
        else:
            pattern = r"(?<![-+*/%<>=!&|^@~])" + pattern + r"(?![-+*/%<>=!&|^@~])"
        matches = list(re.finditer(pattern, text))
        if len(matches) != 1:
            return None
        base = self.src.index(start)
        return (self.src.position(base + matches[0].start()), self.src.position(base + matches[0].end()))
