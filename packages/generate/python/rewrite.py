"""Cosmetic rewrites of Python snippets for @execret/generate's propagated-bug pools.

Reads one JSON request on stdin and writes one JSON response on stdout. Only the standard library is
used (``ast``, ``tokenize``, ``hashlib``), so the script runs under ``python -I -S``.

Commands
--------
``{"command": "rewrite", "jobs": [{"code", "function_name", "tests", "seed", "count", "avoid"}]}``
    Returns per job ``{"ok": true, "variants": [{"code", "kinds"}], "sites": {...}}`` or
    ``{"ok": false, "error"}``: up to ``count`` rewrites of ``code`` that differ from it, from each
    other and from every text in ``avoid``, each with the kinds it applied (``statement-order``,
    ``operand-order``, ``rename``, ``reformat``, in that order). The same job gives the same answer.
``{"command": "version"}``
    ``{"python": "3.11.7"}``.

Rewrites (each one semantics-preserving, each step checked by re-parsing)
------------------------------------------------------------------------
``statement-order``
    Swaps two adjacent statements of one block when both are single-name assignments of side-effect-free
    values (constants, names, displays, arithmetic, a few pure builtins) and neither reads or writes what
    the other writes, or both are imports binding different names; each must have its lines to itself.
``operand-order``
    Swaps the operands of a comparison with one operator (``==``, ``!=``, ``is``, ``is not``, and
    ``<``/``>``/``<=``/``>=`` with the direction flipped) when both operands are simple (names,
    constants, attribute and subscript reads, ``len(...)``, unary and arithmetic operators over those).
``rename``
    Renames parameters and locals of top-level functions consistently: never a global, builtin, attribute,
    keyword-only parameter, a parameter that a test passes by keyword, the function's own name, a name
    bound in a nested scope, declared ``global``/``nonlocal``, bound by ``import``/``except``/``match``,
    used in an f-string, or starting with ``__``; a function that calls ``locals``, ``vars``, ``eval``,
    ``exec``, ``dir`` or ``globals`` keeps all its names. New names are free everywhere in the module.
``reformat``
    One or two of: ``indent`` (another indentation width; string interiors untouched), ``unparse``
    (``ast.unparse``), ``quotes`` (simple string literals in the other quote style), ``parens``
    (parentheses around ``return`` values and ``if``/``while`` conditions), ``blank-lines`` (a blank line
    before each final ``return``, or blank lines inside functions removed).

Every step re-parses its output and compares ``ast.dump`` with the tree the rewrite intends (the same
tree for ``reformat``; the original with the swap or the new names otherwise); a step that does not
match is skipped. Execution (the task's tests and probe inputs) is the build's business.
"""

import ast
import builtins
import hashlib
import io
import keyword
import os
import re
import sys
import tokenize

# The shared request/answer protocol (script_io.py), from this script's own directory.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_io import serve  # noqa: E402

KINDS = ("statement-order", "operand-order", "rename", "reformat")
ATTEMPTS_PER_VARIANT = 8
LINE_BREAK = re.compile(r"\r\n|\r|\n")
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
          ast.DictComp, ast.GeneratorExp)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
NAME_INTROSPECTION = frozenset({"locals", "vars", "eval", "exec", "dir", "globals"})
PURE_BUILTINS = frozenset({
    "len", "abs", "min", "max", "sum", "sorted", "list", "dict", "set", "tuple", "str", "int", "float",
    "bool", "range", "frozenset", "ord", "chr", "round",
})
SOFT_KEYWORDS = frozenset({"match", "case", "_", "type"})
RESERVED = frozenset(keyword.kwlist) | SOFT_KEYWORDS | frozenset(dir(builtins))
FLIPPED = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE,
           ast.Eq: ast.Eq, ast.NotEq: ast.NotEq, ast.Is: ast.Is, ast.IsNot: ast.IsNot}
OP_TEXT = {ast.Lt: "<", ast.Gt: ">", ast.LtE: "<=", ast.GtE: ">="}
SIMPLE_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Mod, ast.FloorDiv)
# Other spellings for common local names (the first free one is used; derived forms follow).
SYNONYMS = {
    "i": ("idx", "k", "pos"), "j": ("jdx", "inner", "col"), "k": ("kk", "width", "size_k"),
    "n": ("num", "count_n", "size"), "x": ("value", "val", "xv"), "y": ("other", "yv", "second"),
    "s": ("text", "string", "src"), "c": ("ch", "char", "symbol"), "ch": ("char", "c", "letter"),
    "items": ("values", "elements", "entries"), "values": ("items", "nums", "data"),
    "nums": ("numbers", "values", "arr"), "result": ("out", "res", "output"), "res": ("result", "out", "acc"),
    "out": ("result", "output", "res"), "count": ("total", "tally", "num"), "total": ("acc", "running", "sum_"),
    "seen": ("visited", "found", "known"), "text": ("s", "string", "source"), "word": ("token", "w", "term"),
    "words": ("tokens", "terms", "parts"), "parts": ("pieces", "chunks", "segments"),
    "start": ("begin", "lo", "first"), "end": ("stop", "hi", "last"), "lo": ("low", "left", "start"),
    "hi": ("high", "right", "end"), "left": ("lo", "l", "begin"), "right": ("hi", "r", "finish"),
    "mid": ("middle", "m", "pivot"), "key": ("k", "name", "label"), "value": ("val", "v", "item"),
    "index": ("idx", "i", "position"), "size": ("n", "length", "width"), "length": ("size", "n", "ln"),
    "current": ("cur", "now", "node"), "prev": ("previous", "last", "before"), "node": ("cur", "current", "n"),
    "stack": ("pending", "todo", "st"), "queue": ("pending", "frontier", "q"), "matrix": ("grid", "rows", "m"),
    "row": ("r", "line", "record"), "col": ("c", "column", "j"), "counts": ("freq", "tally", "histogram"),
    "chunks": ("pieces", "groups", "batches"), "windows": ("frames", "slices", "spans"),
    "data": ("payload", "obj", "content"), "d": ("mapping", "table", "dct"), "lst": ("items", "seq", "arr"),
    "seq": ("sequence", "items", "arr"), "a": ("first", "lhs", "u"), "b": ("second", "rhs", "v"),
}
DERIVED = ("{0}_", "{0}2", "my_{0}", "{0}_val", "new_{0}", "{0}_x")


# --------------------------------------------------------------------------- seeded choices
class Prng:
    """Deterministic choices from a text seed: SHA-256 of ``seed:counter`` (stable across versions)."""

    def __init__(self, seed):
        self.seed = str(seed)
        self.counter = 0

    def u32(self):
        digest = hashlib.sha256(("%s:%d" % (self.seed, self.counter)).encode("utf-8")).digest()
        self.counter += 1
        return int.from_bytes(digest[:4], "big")

    def below(self, n):
        return self.u32() % n

    def chance(self, p):
        return self.u32() < p * 4294967296

    def subset(self, items, p):
        """A non-empty subset of a non-empty list, in list order (each item kept with probability p)."""
        chosen = [x for x in items if self.chance(p)]
        return chosen if chosen else [items[self.below(len(items))]]


# --------------------------------------------------------------------------- positions and splices
class Source:
    """Offsets of a text: ast's (line, UTF-8 byte column) and tokenize's (line, char column) to str indices."""

    def __init__(self, text):
        self.text = text
        self.starts = [0]
        for m in LINE_BREAK.finditer(text):
            self.starts.append(m.end())
        self.lines = [text[a:b] for a, b in zip(self.starts, self.starts[1:] + [len(text)])]

    def offset(self, line, byte_col):
        line_text = self.lines[line - 1] if line - 1 < len(self.lines) else ""
        return self.starts[line - 1] + len(line_text.encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def char_offset(self, line, col):
        return self.starts[line - 1] + col

    def node_span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def line_start(self, line):
        return self.starts[line - 1]

    def line_end(self, line):
        """Offset just after the line's terminator (the end of the text for the last line)."""
        return self.starts[line] if line < len(self.starts) else len(self.text)


def splice(text, edits):
    """Applies non-overlapping ``(start, end, replacement)`` edits; None when two overlap."""
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


def dump(tree):
    return ast.dump(tree, include_attributes=False)


def parses_to(text, expected_tree):
    """Whether ``text`` parses to exactly ``expected_tree`` (no positions compared)."""
    try:
        return dump(ast.parse(text)) == dump(expected_tree)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def walk_body(nodes):
    """Every node under a list of statements, in a fixed (breadth-first, field) order."""
    out = []
    for node in nodes:
        out.extend(ast.walk(node))
    return out


def top_functions(tree):
    return [(i, node) for i, node in enumerate(tree.body) if isinstance(node, FUNCTIONS)]


def inside_fstring_ids(nodes):
    """ids of every node inside an f-string (positions there are unreliable on old Pythons)."""
    out = set()
    for node in walk_body(nodes):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                out.add(id(inner))
    return out


# --------------------------------------------------------------------------- rename
def scope_bound_names(scope):
    """Names a nested scope binds itself (parameters, targets, definitions, imports, handlers)."""
    names = set()
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        a = scope.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]:
            names.add(arg.arg)
        inner = scope.body if isinstance(scope.body, list) else [scope.body]
    elif isinstance(scope, ast.ClassDef):
        inner = scope.body
    else:
        for gen in scope.generators:
            for node in ast.walk(gen.target):
                if isinstance(node, ast.Name):
                    names.add(node.id)
        inner = [scope.elt] if not isinstance(scope, ast.DictComp) else [scope.key, scope.value]
        inner = inner + [g.iter for g in scope.generators] + [c for g in scope.generators for c in g.ifs]
    for node in walk_body(inner):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def refused_names(fn):
    """Names of a top-level function that are never renamed (see the module docstring)."""
    refused = set()
    for node in walk_body(fn.body):
        if isinstance(node, SCOPES):
            refused |= scope_bound_names(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            refused.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            refused.update(node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                refused.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            refused.add(node.name)
        elif type(node).__name__ in ("MatchAs", "MatchStar") and getattr(node, "name", None):
            refused.add(node.name)
        elif type(node).__name__ == "MatchMapping" and getattr(node, "rest", None):
            refused.add(node.rest)
        elif isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name):
                    refused.add(inner.id)
    refused.update(a.arg for a in fn.args.kwonlyargs)
    return refused


def rename_candidates(fn, keyword_names):
    """Parameters and locals of ``fn`` that may be renamed, in order of first appearance."""
    for node in walk_body(fn.body):
        if isinstance(node, ast.Name) and node.id in NAME_INTROSPECTION and isinstance(node.ctx, ast.Load):
            return []
    refused = refused_names(fn)
    a = fn.args
    ordered = []
    for arg in a.posonlyargs:
        ordered.append(arg.arg)
    for arg in a.args:
        if arg.arg not in keyword_names:
            ordered.append(arg.arg)
    for arg in (a.vararg, a.kwarg):
        if arg is not None:
            ordered.append(arg.arg)
    own = []
    stack = list(fn.body)
    while stack:  # the function's own scope: not inside nested scopes
        node = stack.pop(0)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.append(node.id)
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, SCOPES):
                stack.append(child)
    for name in own:
        if name not in ordered:
            ordered.append(name)
    return [n for n in ordered if n not in refused and not n.startswith("__") and n != fn.name]


def rename_in_function(fn, mapping):
    """Renames, in place, every Name of ``fn``'s body and every parameter of ``fn`` named in ``mapping``."""
    for node in walk_body(fn.body):
        if isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]
    a = fn.args
    for arg in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]:
        if arg.arg in mapping:
            arg.arg = mapping[arg.arg]


def new_name(old, taken, rng):
    options = [x for x in SYNONYMS.get(old, ()) if x not in taken]
    derived = [f.format(old) for f in DERIVED]
    options = options + [x for x in derived if x not in taken and x not in options]
    options = [x for x in options if x.isidentifier() and x not in RESERVED]
    if not options:
        return None
    # Prefer a synonym two times out of three, else any option.
    if SYNONYMS.get(old) and options[0] in SYNONYMS[old] and rng.chance(2 / 3):
        synonyms = [x for x in options if x in SYNONYMS[old]]
        return synonyms[rng.below(len(synonyms))]
    return options[rng.below(len(options))]


def all_identifiers(text):
    """Every NAME token of a text (attributes, keywords and names alike)."""
    names = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME:
                names.add(tok.string)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return names


def rewrite_rename(code, job, rng):
    tree = ast.parse(code)
    src = Source(code)
    taken = all_identifiers(code) | set().union(*[all_identifiers(t) for t in job["tests"]] or [set()])
    edits = []
    plan = []
    for index, fn in top_functions(tree):
        candidates = rename_candidates(fn, job["keyword_names"])
        if not candidates:
            continue
        mapping = {}
        for old in rng.subset(candidates, 0.6):
            name = new_name(old, taken, rng)
            if name is None:
                continue
            taken.add(name)
            mapping[old] = name
        if not mapping:
            continue
        plan.append((index, mapping))
        for node in walk_body(fn.body):
            if isinstance(node, ast.Name) and node.id in mapping:
                start, end = src.node_span(node)
                if code[start:end] != node.id:
                    return None
                edits.append((start, end, mapping[node.id]))
        a = fn.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]:
            if arg.arg in mapping:
                start = src.offset(arg.lineno, arg.col_offset)
                if code[start:start + len(arg.arg)] != arg.arg:
                    return None
                edits.append((start, start + len(arg.arg), mapping[arg.arg]))
    if not edits:
        return None
    out = splice(code, edits)
    expected = ast.parse(code)
    for index, mapping in plan:
        rename_in_function(expected.body[index], mapping)
    return out if out is not None and parses_to(out, expected) else None


def rename_sites(code, job):
    tree = ast.parse(code)
    return sum(len(rename_candidates(fn, job["keyword_names"])) for _, fn in top_functions(tree))


# --------------------------------------------------------------------------- operand order
def is_simple(node, depth=0):
    if depth > 3:
        return False
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    if isinstance(node, ast.Attribute):
        return is_simple(node.value, depth + 1)
    if isinstance(node, ast.Subscript):
        index = node.slice
        if isinstance(index, ast.Slice):
            parts = [p for p in (index.lower, index.upper, index.step) if p is not None]
            return is_simple(node.value, depth + 1) and all(is_simple(p, depth + 1) for p in parts)
        if type(index).__name__ == "Index":  # Python 3.8
            index = index.value
        return is_simple(node.value, depth + 1) and is_simple(index, depth + 1)
    if isinstance(node, ast.UnaryOp):
        return is_simple(node.operand, depth + 1)
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, SIMPLE_BINOPS) and is_simple(node.left, depth + 1) and is_simple(
            node.right, depth + 1)
    if isinstance(node, ast.Call):
        return (isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1
                and not node.keywords and is_simple(node.args[0], depth + 1))
    return False


def comparison_sites(tree):
    """Comparisons inside top-level functions whose operands may swap, in walk order."""
    sites = []
    for _, fn in top_functions(tree):
        skip = inside_fstring_ids(fn.body)
        for node in walk_body(fn.body):
            if (isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in FLIPPED
                    and id(node) not in skip and is_simple(node.left) and is_simple(node.comparators[0])):
                sites.append(node)
    return sites


def rewrite_operand_order(code, job, rng):
    tree = ast.parse(code)
    src = Source(code)
    sites = comparison_sites(tree)
    if not sites:
        return None
    chosen = set(id(n) for n in rng.subset(sites, 0.5))
    edits = []
    picked = []
    for k, node in enumerate(sites):
        if id(node) not in chosen:
            continue
        left, right = node.left, node.comparators[0]
        ls, le = src.node_span(left)
        rs, re_ = src.node_span(right)
        between = code[le:rs]
        op = type(node.ops[0])
        if "#" in between or "\\" in between:
            continue
        if op in OP_TEXT:
            text = OP_TEXT[op]
            stripped = between.replace("(", "").replace(")", "").strip()
            if stripped != text:
                continue
            at = between.index(text)
            between = between[:at] + OP_TEXT[FLIPPED[op]] + between[at + len(text):]
        edits.append((ls, re_, code[rs:re_] + between + code[ls:le]))
        picked.append(k)
    if not edits:
        return None
    out = splice(code, edits)
    expected = ast.parse(code)
    expected_sites = comparison_sites(expected)
    for k in picked:
        node = expected_sites[k]
        node.left, node.comparators[0] = node.comparators[0], node.left
        node.ops[0] = FLIPPED[type(node.ops[0])]()
    return out if out is not None and parses_to(out, expected) else None


# --------------------------------------------------------------------------- statement order
def module_bindings(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def is_pure(node, shadowed, depth=0):
    if depth > 6:
        return False
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(is_pure(e, shadowed, depth + 1) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and is_pure(k, shadowed, depth + 1) for k in node.keys) and all(
            is_pure(v, shadowed, depth + 1) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        return is_pure(node.operand, shadowed, depth + 1)
    if isinstance(node, ast.BinOp):
        return is_pure(node.left, shadowed, depth + 1) and is_pure(node.right, shadowed, depth + 1)
    if isinstance(node, ast.BoolOp):
        return all(is_pure(v, shadowed, depth + 1) for v in node.values)
    if isinstance(node, ast.Compare):
        return is_pure(node.left, shadowed, depth + 1) and all(
            is_pure(c, shadowed, depth + 1) for c in node.comparators)
    if isinstance(node, ast.Attribute):
        return is_pure(node.value, shadowed, depth + 1)
    if isinstance(node, ast.Subscript):
        return is_simple(node)
    if isinstance(node, ast.Call):
        return (isinstance(node.func, ast.Name) and node.func.id in PURE_BUILTINS and node.func.id not in shadowed
                and all(is_pure(a, shadowed, depth + 1) and not isinstance(a, ast.Starred) for a in node.args)
                and all(k.arg is not None and is_pure(k.value, shadowed, depth + 1) for k in node.keywords))
    return False


def assignment_effects(stmt, shadowed):
    """(reads, writes) of a swappable statement, or None when it is not one."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        target, value = stmt.targets[0].id, stmt.value
    elif (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.simple
          and stmt.value is not None):
        if not all(isinstance(n, (ast.Name, ast.Attribute, ast.Subscript, ast.Constant, ast.Load))
                   or isinstance(n, (ast.expr_context, ast.slice)) or type(n).__name__ == "Index"
                   for n in ast.walk(stmt.annotation)):
            return None
        target, value = stmt.target.id, stmt.value
    elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
        if isinstance(stmt, ast.ImportFrom) and (stmt.module == "__future__" or stmt.level):
            return None
        if any(alias.name == "*" for alias in stmt.names):
            return None
        return set(), set((alias.asname or alias.name).split(".")[0] for alias in stmt.names)
    else:
        return None
    if not is_pure(value, shadowed):
        return None
    reads = set(n.id for n in ast.walk(value) if isinstance(n, ast.Name))
    return reads, {target}


def statement_blocks(tree):
    """Every statement list of the module, in walk order."""
    blocks = [tree.body]
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt) and node is not tree:
                blocks.append(value)
        if type(node).__name__ in ("Try", "TryStar"):
            pass  # handlers are visited as ExceptHandler nodes
    return blocks


def owns_lines(src, stmt):
    """Whether a statement has its lines to itself (only whitespace before, whitespace or a comment after)."""
    start, end = src.node_span(stmt)
    before = src.text[src.line_start(stmt.lineno):start]
    after = src.text[end:src.line_end(stmt.end_lineno)]
    return before.strip() == "" and (after.strip() == "" or after.strip().startswith("#"))


def statement_sites(tree, src):
    shadowed = module_bindings(tree)
    sites = []
    for b, block in enumerate(statement_blocks(tree)):
        for i in range(len(block) - 1):
            s1, s2 = block[i], block[i + 1]
            e1, e2 = assignment_effects(s1, shadowed), assignment_effects(s2, shadowed)
            if e1 is None or e2 is None or type(s1) is not type(s2) and not (
                    isinstance(s1, (ast.Assign, ast.AnnAssign)) and isinstance(s2, (ast.Assign, ast.AnnAssign))):
                continue
            (r1, w1), (r2, w2) = e1, e2
            if w1 & (r2 | w2) or w2 & r1:
                continue
            if not (owns_lines(src, s1) and owns_lines(src, s2)) or s1.end_lineno >= s2.lineno:
                continue
            sites.append((b, i))
    return sites


def rewrite_statement_order(code, job, rng):
    tree = ast.parse(code)
    src = Source(code)
    sites = statement_sites(tree, src)
    if not sites:
        return None
    chosen = []
    used = set()
    for b, i in rng.subset(sites, 0.5):
        if (b, i) in used or (b, i + 1) in used:
            continue
        used.update({(b, i), (b, i + 1)})
        chosen.append((b, i))
    blocks = statement_blocks(tree)
    edits = []
    for b, i in chosen:
        s1, s2 = blocks[b][i], blocks[b][i + 1]
        a1, e1 = src.line_start(s1.lineno), src.line_end(s1.end_lineno)
        a2, e2 = src.line_start(s2.lineno), src.line_end(s2.end_lineno)
        first, middle, second = code[a1:e1], code[e1:a2], code[a2:e2]
        if not second.endswith(("\n", "\r")):
            first_break = LINE_BREAK.search(first)
            second = second + (first_break.group(0) if first_break else "\n")
            first = first.rstrip("\r\n")
        edits.append((a1, e2, second + middle + first))
    out = splice(code, edits)
    expected = ast.parse(code)
    expected_blocks = statement_blocks(expected)
    for b, i in chosen:
        block = expected_blocks[b]
        block[i], block[i + 1] = block[i + 1], block[i]
    return out if out is not None and parses_to(out, expected) else None


# --------------------------------------------------------------------------- reformat
def tokens_of(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def interior_rows(tokens):
    """Rows that start inside a token spanning several lines (multi-line strings): never touched."""
    rows = set()
    for tok in tokens:
        for row in range(tok.start[0] + 1, tok.end[0] + 1):
            rows.add(row)
    return rows


def indent_unit(tokens):
    for tok in tokens:
        if tok.type == tokenize.INDENT:
            return tok.string
    return None


def reformat_indent(code, rng):
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
    return ast.unparse(ast.parse(code)) + "\n"


def reformat_quotes(code, rng):
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
        start = src.char_offset(tok.start[0], tok.start[1])
        entry = (start, start + len(text), prefix + other + inner + other)
        (singles if quote == "'" else doubles).append(entry)
    group = singles if len(singles) >= len(doubles) else doubles
    return splice(code, group) if group else None


def reformat_parens(code, rng):
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


# --------------------------------------------------------------------------- jobs
STEPS = (
    ("statement-order", rewrite_statement_order),
    ("operand-order", rewrite_operand_order),
    ("rename", rewrite_rename),
    ("reformat", rewrite_reformat),
)


def keyword_names(tests):
    names = set()
    for test in tests:
        try:
            tree = ast.parse(test)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg is not None:
                names.add(node.arg)
    return names


def available_kinds(code, job):
    tree = ast.parse(code)
    src = Source(code)
    return {
        "statement-order": len(statement_sites(tree, src)),
        "operand-order": len(comparison_sites(tree)),
        "rename": rename_sites(code, job),
        "reformat": 1,
    }


def rewrite_job(job):
    code = job["code"]
    try:
        ast.parse(code)
    except (SyntaxError, ValueError) as exc:
        return {"ok": False, "error": "the code does not parse: %s" % exc}
    job = dict(job, keyword_names=keyword_names(job.get("tests", [])))
    sites = available_kinds(code, job)
    usable = [k for k in KINDS if sites[k] > 0]
    avoid = set(job.get("avoid", [])) | {code}
    variants = []
    count = job["count"]
    for attempt in range(count * ATTEMPTS_PER_VARIANT):
        if len(variants) >= count:
            break
        rng = Prng("%s:%d" % (job["seed"], attempt))
        wanted = set(rng.subset(usable, 0.5))
        text = code
        kinds = []
        for kind, step in STEPS:
            if kind not in wanted:
                continue
            try:
                out = step(text, job, rng)
            except (SyntaxError, ValueError, tokenize.TokenError, IndentationError, RecursionError):
                out = None
            if out is not None and out != text:
                text = out
                kinds.append(kind)
        if kinds and text not in avoid:
            avoid.add(text)
            variants.append({"code": text, "kinds": kinds})
    return {"ok": True, "variants": variants, "sites": sites}


def safe_rewrite_job(job):
    """``rewrite_job``, with anything the rewriter did not foresee reported as that job's error."""
    try:
        return rewrite_job(job)
    except Exception as exc:  # noqa: BLE001 - one odd snippet must not fail the whole batch
        return {"ok": False, "error": "%s: %s" % (type(exc).__name__, exc)}


def main():
    serve({"rewrite": lambda request: [safe_rewrite_job(j) for j in request["jobs"]]})


if __name__ == "__main__":
    main()
