"""The ``rename`` kind: parameters and locals of top-level functions renamed consistently (see ``rewrite.py``'s
docstring for the names that are never renamed)."""
import ast
import builtins
import io
import keyword
import tokenize

from cosmetic.same_tree import parses_to
from cosmetic.syntax import SCOPES, top_functions, walk_body
from positions import Source, splice

NAME_INTROSPECTION = frozenset({"locals", "vars", "eval", "exec", "dir", "globals"})
SOFT_KEYWORDS = frozenset({"match", "case", "_", "type"})
RESERVED = frozenset(keyword.kwlist) | SOFT_KEYWORDS | frozenset(dir(builtins))
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
    """A free name for ``old``: a synonym two times out of three when one is free, else any synonym or derived
    form."""
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
    """A seeded subset of each top-level function's renamable names renamed, or None."""
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
                start = src.ast_offset(arg.lineno, arg.col_offset)
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
    """How many names of top-level functions may be renamed."""
    tree = ast.parse(code)
    return sum(len(rename_candidates(fn, job["keyword_names"])) for _, fn in top_functions(tree))
