"""Paths into an ``ast`` tree: a candidate names the node it changes by the fields and indexes that lead to it
from the module (``(("body", 0), ("value", None))``), so its intended change can be replayed on a fresh parse."""
import ast


def get_node(tree, path):
    """The node at ``path``."""
    node = tree
    for field, index in path:
        node = getattr(node, field)
        if index is not None:
            node = node[index]
    return node


def set_node(tree, path, value):
    """Puts ``value`` at ``path``."""
    parent = get_node(tree, path[:-1])
    field, index = path[-1]
    if index is None:
        setattr(parent, field, value)
    else:
        getattr(parent, field)[index] = value


def remove_statement(tree, path, keep_empty=False):
    """Deletes the statement at ``path`` from its block; an emptied block gets ``pass`` unless ``keep_empty``."""
    parent = get_node(tree, path[:-1])
    field, index = path[-1]
    block = getattr(parent, field)
    del block[index]
    if not block and not keep_empty:
        block.append(ast.Pass())

