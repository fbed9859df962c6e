"""The ``operand-order`` kind: the operands of a comparison with one operator swapped (``<``/``>``/``<=``/``>=``
with the direction flipped), when both operands are simple."""
import ast

from cosmetic.same_tree import parses_to
from cosmetic.syntax import inside_fstring_ids, is_simple, top_functions, walk_body
from positions import Source, splice

FLIPPED = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE,
           ast.Eq: ast.Eq, ast.NotEq: ast.NotEq, ast.Is: ast.Is, ast.IsNot: ast.IsNot}
OP_TEXT = {ast.Lt: "<", ast.Gt: ">", ast.LtE: "<=", ast.GtE: ">="}


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
    """A seeded subset of the comparison sites with their operands swapped, or None."""
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
