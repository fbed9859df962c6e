"""What the rewrite kinds read of a tree and its text: top-level functions, the nodes under a body, what lies
inside f-strings, simple operands, statements that have their lines to themselves."""
import ast

SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
          ast.DictComp, ast.GeneratorExp)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
SIMPLE_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Mod, ast.FloorDiv)


def walk_body(nodes):
    """Every node under a list of statements, in a fixed (breadth-first, field) order."""
    out = []
    for node in nodes:
        out.extend(ast.walk(node))
    return out


def top_functions(tree):
    """``(index in the module's body, node)`` of every top-level function."""
    return [(i, node) for i, node in enumerate(tree.body) if isinstance(node, FUNCTIONS)]


def inside_fstring_ids(nodes):
    """ids of every node inside an f-string (positions there are unreliable on old Pythons)."""
    out = set()
    for node in walk_body(nodes):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                out.add(id(inner))
    return out


def is_simple(node, depth=0):
    """Whether an operand is simple: names, constants, attribute and subscript reads, ``len(...)``, unary and
    arithmetic operators over those."""
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


def owns_lines(src, stmt):
    """Whether a statement has its lines to itself (only whitespace before, whitespace or a comment after)."""
    start, end = src.node_span(stmt)
    before = src.text[src.line_start(stmt.lineno):start]
    after = src.text[end:src.line_end(stmt.end_lineno)]
    return before.strip() == "" and (after.strip() == "" or after.strip().startswith("#"))
