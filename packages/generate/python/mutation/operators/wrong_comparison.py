"""``wrong_comparison``: a comparison operator replaced by its neighbour (``<`` ↔ ``<=``, ``==`` ↔ ``!=``,
``in`` ↔ ``not in``, ``is`` ↔ ``is not``; see ``CMP_SWAPS``), ``comparison`` or, in a chain,
``chained_comparison``."""
import ast

from mutation.tables import CMP_SWAPS, CMP_TEXT
from mutation.tree_paths import get_node


def wrong_comparison(ctx, node, path):
    """One candidate per operator of a comparison."""
    if not isinstance(node, ast.Compare):
        return
    operands = [node.left] + list(node.comparators)
    for i, op in enumerate(node.ops):
        op_type = type(op)
        words = CMP_TEXT[op_type].split()
        span = ctx.find_token(ctx.src.end(operands[i]), ctx.src.start(operands[i + 1]), words)
        if span is None:
            continue
        new = CMP_SWAPS[op_type]
        ctx.add("wrong_comparison", "chained_comparison" if len(node.ops) > 1 else "comparison",
                span[0], span[1], CMP_TEXT[new], path,
                lambda tree, p=path, i=i, n=new: get_node(tree, p).ops.__setitem__(i, n()))
