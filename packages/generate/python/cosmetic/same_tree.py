"""The check every rewrite step ends with: the rewritten text parses to exactly the tree the step intends."""
import ast


def dump(tree):
    """A tree's dump without positions."""
    return ast.dump(tree, include_attributes=False)


def parses_to(text, expected_tree):
    """Whether ``text`` parses to exactly ``expected_tree`` (no positions compared)."""
    try:
        return dump(ast.parse(text)) == dump(expected_tree)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
