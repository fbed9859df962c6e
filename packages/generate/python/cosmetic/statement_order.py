"""The ``statement-order`` kind: two adjacent statements of one block swapped, when both are single-name
assignments of side-effect-free values that do not read or write what the other writes, or both are imports
binding different names, and each has its lines to itself."""
import ast

from cosmetic.same_tree import parses_to
from cosmetic.syntax import is_simple, owns_lines
from positions import LINE_BREAK, Source, splice

PURE_BUILTINS = frozenset({
    "len", "abs", "min", "max", "sum", "sorted", "list", "dict", "set", "tuple", "str", "int", "float",
    "bool", "range", "frozenset", "ord", "chr", "round",
})


def module_bindings(tree):
    """Every name the module binds anywhere (a builtin rebound there is not pure)."""
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
    """Whether evaluating an expression has no side effect (calls only to unshadowed ``PURE_BUILTINS``)."""
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



def statement_sites(tree, src):
    """``(block, index)`` of each adjacent pair of statements that may swap."""
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
    """A seeded subset of non-overlapping swappable pairs swapped, or None."""
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
