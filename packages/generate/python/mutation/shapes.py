"""What the operators recognise in a tree: int literals (and how to write one back in its base), ``len(x)``,
``range(...)``, ``X ± 1``, callee names, docstrings."""
import ast

def int_value(node):
    """The value of an int literal (``5``, ``-5``), or None. Booleans are not int literals here."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int):
        return -node.operand.value
    return None


def int_node(value):
    """The ast of an int literal (a negative one as unary minus)."""
    if value < 0:
        return ast.UnaryOp(op=ast.USub(), operand=ast.Constant(value=-value))
    return ast.Constant(value=value)


def int_text(original, value):
    """Render ``value`` in the base of the original literal text (``0x10`` stays hexadecimal)."""
    body = original.lstrip("-").lstrip()
    prefix = body[:2].lower()
    sign = "-" if value < 0 else ""
    if prefix in ("0x", "0o", "0b") and "_" not in body:
        formatted = format(abs(value), {"0x": "x", "0o": "o", "0b": "b"}[prefix])
        return sign + body[:2] + (formatted.upper() if body[2:].isupper() else formatted)
    return str(value)


def is_len_call(node):
    """Whether a node is ``len(x)``."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
            and len(node.args) == 1 and not node.keywords)


def is_range_call(node):
    """Whether a node is a call of ``range``."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"


def plus_minus_one(node):
    """For ``X + 1`` / ``X - 1`` return X, else None."""
    if (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub))
            and int_value(node.right) == 1 and isinstance(node.right, ast.Constant)):
        return node.left
    return None


ATOMIC = (ast.Name, ast.Call, ast.Attribute, ast.Subscript, ast.Constant)


def callee_name(call):
    """The name of a call's callee (``f`` or ``obj.f``), or None."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def docstring_node(body):
    """The docstring statement of a body, or None."""
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[0]
    return None
