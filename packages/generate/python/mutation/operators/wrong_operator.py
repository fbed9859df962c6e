"""``wrong_operator``: ``binary_operator`` (arithmetic and bitwise operators, see ``BINOP_SWAPS``),
``augmented_assignment`` (the same table on ``+=``, ``&=``, …) and ``boolean_operator`` (``and`` ↔ ``or``)."""
import ast

from mutation.tables import BINOP_SWAPS, BINOP_TEXT
from mutation.tree_paths import get_node, set_node


def wrong_operator(ctx, node, path):
    """The ``wrong_operator`` candidates of one node."""
    if isinstance(node, ast.BinOp):
        binary_operator(ctx, node, path)
    elif isinstance(node, ast.AugAssign):
        augmented_assignment(ctx, node, path)
    elif isinstance(node, ast.BoolOp):
        boolean_operator(ctx, node, path)


def binary_operator(ctx, node, path):
    """The operator token of ``a <op> b`` replaced."""
    # replace the operator token
    op_type = type(node.op)
    span = ctx.find_token(ctx.src.end(node.left), ctx.src.start(node.right), [BINOP_TEXT[op_type]]) \
        if op_type in BINOP_TEXT else None
    if span is not None:
        for new in BINOP_SWAPS.get(op_type, ()):
            ctx.add("wrong_operator", "binary_operator", span[0], span[1], BINOP_TEXT[new], path,
                    lambda tree, p=path, n=new: setattr(get_node(tree, p), "op", n()))


def augmented_assignment(ctx, node, path):
    """The operator token of ``x <op>= v`` replaced."""
    op_type = type(node.op)
    if op_type not in BINOP_TEXT:
        return
    span = ctx.find_token(ctx.src.end(node.target), ctx.src.start(node.value), [BINOP_TEXT[op_type] + "="])
    if span is None:
        return
    for new in BINOP_SWAPS.get(op_type, ()):
        ctx.add("wrong_operator", "augmented_assignment", span[0], span[1], BINOP_TEXT[new] + "=",
                path, lambda tree, p=path, n=new: setattr(get_node(tree, p), "op", n()))


def boolean_operator(ctx, node, path):
    """Each ``and``/``or`` token of a boolean operation flipped."""
    old_word = "and" if isinstance(node.op, ast.And) else "or"
    new_word = "or" if old_word == "and" else "and"
    for i in range(len(node.values) - 1):
        span = ctx.find_token(ctx.src.end(node.values[i]), ctx.src.start(node.values[i + 1]), [old_word])
        if span is None:
            continue
        ctx.add("wrong_operator", "boolean_operator", span[0], span[1], new_word, path,
                lambda tree, p=path, i=i: set_node(tree, p, regroup_boolop(get_node(tree, p), i)))


def regroup_boolop(node, i):
    """The AST of a BoolOp after its i-th operator token is flipped (and/or precedence applies)."""
    values = node.values

    def group(op, items):
        return items[0] if len(items) == 1 else ast.BoolOp(op=op(), values=list(items))

    if isinstance(node.op, ast.And):  # a and b and c -> (a and b) or c
        return ast.BoolOp(op=ast.Or(), values=[group(ast.And, values[:i + 1]), group(ast.And, values[i + 1:])])
    # a or b or c -> a or (b and c)
    return group(ast.Or, list(values[:i]) + [group(ast.And, values[i:i + 2])] + list(values[i + 2:]))
