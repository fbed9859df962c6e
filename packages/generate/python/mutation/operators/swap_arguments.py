"""``swap_arguments``: ``swap_positional`` exchanges two adjacent, different positional arguments of a call (none
when the call has a starred argument); ``swap_commutative`` is the same on a callee of ``COMMUTATIVE_CALLEES``
(always judged equivalent)."""
import ast

from mutation.shapes import callee_name
from mutation.tables import COMMUTATIVE_CALLEES
from mutation.tree_paths import get_node


def swap_arguments(ctx, node, path):
    """The ``swap_arguments`` candidates of a call."""
    if not isinstance(node, ast.Call):
        return
    args = node.args
    if any(isinstance(a, ast.Starred) for a in args):
        return
    name = callee_name(node)
    for i in range(len(args) - 1):
        a, b = args[i], args[i + 1]
        if ast.dump(a) == ast.dump(b):
            continue  # identical arguments: the swap would not change the code
        a_start, a_end = ctx.src.start(a), ctx.src.end(a)
        b_start, b_end = ctx.src.start(b), ctx.src.end(b)
        middle = ctx.src.segment(a_end, b_start)
        after = ctx.src.segment(b_start, b_end) + middle + ctx.src.segment(a_start, a_end)
        operator = "swap_commutative" if name in COMMUTATIVE_CALLEES else "swap_positional"
        ctx.add("swap_arguments", operator, a_start, b_end, after, path,
                lambda tree, p=path, i=i: swap_args(get_node(tree, p), i))


def swap_args(call, i):
    """Swaps positional arguments ``i`` and ``i + 1`` of a call node."""
    call.args[i], call.args[i + 1] = call.args[i + 1], call.args[i]
