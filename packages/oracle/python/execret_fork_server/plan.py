"""Test planning in the judge: which tests split into an untrusted probe and an expectation the judge
keeps, and the values of expressions made only of literals. Compiles, never executes, test code."""
import ast

from .common import describe

# Literal folding in the judge: largest int (bits) and sequence an expected value may be built up to.
MAX_CONST_BITS = 1 << 16
MAX_CONST_ITEMS = 1 << 16
PLAN_CACHE_SIZE = 4096
# Test sources the plan cache holds at most, in characters (a plan is the test's tree and code).
PLAN_CACHE_CHARS = 16 << 20
# Set and dict literals the judge builds an expected value from at most (bounds hash-collision costs).
MAX_CONST_HASHED = 2000


class NotConstant(Exception):
    """An expression is not made only of literals (or would be too large to fold)."""


PLAIN_CONSTANT = (type(None), bool, int, float, complex, str, bytes)
NUMBER = (bool, int, float, complex)
SEQUENCE = (str, bytes, tuple, list)
SINGLETONS = (None, True, False)


def int_bits(v):
    return v.bit_length() if type(v) in (bool, int) else 0


def fold(op, a, b):
    """a <op> b for literal values, refusing anything that could be large or slow to build."""
    ta, tb = type(a), type(b)
    if ta in NUMBER and tb in NUMBER:
        if op is ast.Pow and ta in (bool, int) and tb in (bool, int) and b > 0:
            if int_bits(a) > 1 and int_bits(a) * b > MAX_CONST_BITS:
                raise NotConstant()
        elif op is ast.Mult and int_bits(a) + int_bits(b) > MAX_CONST_BITS:
            raise NotConstant()
        elif op is ast.LShift and (tb not in (bool, int) or b > MAX_CONST_BITS or int_bits(a) + b > MAX_CONST_BITS):
            raise NotConstant()
    elif op is ast.Add and ta is tb and ta in SEQUENCE:
        pass
    elif op is ast.Mult and ((ta in SEQUENCE and tb in (bool, int)) or (tb in SEQUENCE and ta in (bool, int))):
        seq, n = (a, b) if ta in SEQUENCE else (b, a)
        if len(seq) * max(n, 0) > MAX_CONST_ITEMS:
            raise NotConstant()
    else:
        raise NotConstant()
    try:
        if op is ast.Add:
            return a + b
        if op is ast.Sub:
            return a - b
        if op is ast.Mult:
            return a * b
        if op is ast.Div:
            return a / b
        if op is ast.FloorDiv:
            return a // b
        if op is ast.Mod:
            return a % b
        if op is ast.Pow:
            return a ** b
        if op is ast.LShift:
            return a << b
        if op is ast.RShift:
            return a >> b
        if op is ast.BitAnd:
            return a & b
        if op is ast.BitOr:
            return a | b
        if op is ast.BitXor:
            return a ^ b
    except Exception:
        raise NotConstant()
    raise NotConstant()


def const_value(node, depth=0):
    """The value of an expression made only of literals (numbers, strings, bytes, True/False/None,
    tuples, lists, sets, dicts) and arithmetic on them, computed with Python's own operators; raises
    NotConstant for anything else. Names are never resolved (a snippet may rebind any of them)."""
    if depth > 100:
        raise NotConstant()
    t = type(node)
    if t is ast.Constant:
        if type(node.value) in PLAIN_CONSTANT:
            return node.value
        raise NotConstant()
    if t is ast.Tuple or t is ast.List or t is ast.Set:
        if t is ast.Set and len(node.elts) > MAX_CONST_HASHED:
            raise NotConstant()
        values = []
        for e in node.elts:
            if type(e) is ast.Starred:
                raise NotConstant()
            values.append(const_value(e, depth + 1))
        if t is ast.Tuple:
            return tuple(values)
        if t is ast.List:
            return values
        try:
            return set(values)
        except TypeError:
            raise NotConstant()
    if t is ast.Dict:
        if len(node.keys) > MAX_CONST_HASHED:
            raise NotConstant()
        d = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                raise NotConstant()
            key = const_value(k, depth + 1)
            try:
                d[key] = const_value(v, depth + 1)
            except TypeError:
                raise NotConstant()
        return d
    if t is ast.UnaryOp:
        v = const_value(node.operand, depth + 1)
        op = type(node.op)
        if op is ast.Not:
            return not v
        if type(v) not in NUMBER or (op is ast.Invert and type(v) not in (bool, int)):
            raise NotConstant()
        if op is ast.USub:
            return -v
        if op is ast.UAdd:
            return +v
        return ~v
    if t is ast.BinOp:
        return fold(type(node.op), const_value(node.left, depth + 1), const_value(node.right, depth + 1))
    raise NotConstant()


def compare(op, a, b):
    """a <op> b with Python's semantics; op is the name of an ast comparison operator."""
    if op == "Eq":
        return a == b
    if op == "NotEq":
        return a != b
    if op == "Lt":
        return a < b
    if op == "LtE":
        return a <= b
    if op == "Gt":
        return a > b
    if op == "GtE":
        return a >= b
    if op == "In":
        return a in b
    if op == "NotIn":
        return a not in b
    if op == "Is":
        return a is b
    return a is not b


def is_singleton(v):
    return v is None or v is True or v is False


def split_assert(tree):
    """How a test splits, or None when it must be judged whole in a child. Returns
    (probe node or None, judge, message), where judge is ("const", verdict), ("truth", polarity) or
    ("cmp", op, expected, expected_on_the_left), and message is None, ("lit", value) or ("expr", node)."""
    if len(tree.body) != 1 or type(tree.body[0]) is not ast.Assert:
        return None
    st = tree.body[0]
    test = st.test
    message = None
    if st.msg is not None:
        try:
            message = ("lit", const_value(st.msg))
        except NotConstant:
            message = ("expr", st.msg)
    try:
        return None, ("const", bool(const_value(test))), message
    except NotConstant:
        pass
    if type(test) is ast.Compare:
        if len(test.ops) != 1:
            return None
        op = type(test.ops[0]).__name__
        sides = []
        for node in (test.left, test.comparators[0]):
            try:
                sides.append((True, const_value(node)))
            except NotConstant:
                sides.append((False, node))
        (left_const, left), (right_const, right) = sides
        if left_const and right_const:
            if op in ("Is", "IsNot") and not (is_singleton(left) and is_singleton(right)):
                return None
            try:
                return None, ("const", bool(compare(op, left, right))), message
            except Exception:
                return None
        if left_const == right_const:
            return None
        expected, probe = (left, right) if left_const else (right, left)
        if op in ("Is", "IsNot") and not is_singleton(expected):
            return None
        return probe, ("cmp", op, expected, left_const), message
    if type(test) is ast.BoolOp:
        return None
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        inner = test.operand
        if type(inner) in (ast.Compare, ast.BoolOp) or (type(inner) is ast.UnaryOp and type(inner.op) is ast.Not):
            return None
        return inner, ("truth", False), message
    return test, ("truth", True), message


NONE_PROBE = compile("None", "<test>", "eval", dont_inherit=True, optimize=0)


def probe_code(probe):
    """The probe's code, compiled from its own text alone: ``ast.unparse`` of the probe expression, parsed
    and compiled as a file of its own. Everything a child can read of the code object it evaluates (line
    and column table, constants, names, first line, file name, flags) then depends on the probe only,
    never on where it stood in the assert: compiled from the assert's tree, its columns would tell
    ``assert f(x)`` from ``assert not f(x)`` and the length of a literal on its left, to a snippet that
    reads its caller's code positions. Raises ValueError when the text does not give back the same
    expression (the test is then judged whole, in the child)."""
    text = ast.unparse(probe)
    tree = compile(text, "<test>", "eval", ast.PyCF_ONLY_AST, dont_inherit=True, optimize=0)
    if ast.dump(tree.body) != ast.dump(probe):
        raise ValueError("the probe's text does not give back the probe")
    return compile(tree, "<test>", "eval", dont_inherit=True, optimize=0)
PLAN_CACHE = {}
PLAN_CACHE_HELD = [0]  # characters of the sources in PLAN_CACHE


def plan_test(source, cap):
    """Compiles a test once (plans are cached by source): {'error': outcome} when it does not compile,
    else {'tree': ast, 'full': code or None, 'split': None or (probe code, judge, message, assert node,
    probe node)}. The whole test is compiled at once unless it splits with a literal or no message: then
    it cannot fail to compile (its other parts are literals) and is never compiled whole."""
    plan = PLAN_CACHE.get(source)
    if plan is not None:
        return plan
    try:
        tree = compile(source, "<test>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True, optimize=0)
        split = None
        try:
            found = split_assert(tree)
            if found is not None:
                probe, judge, message = found
                code = NONE_PROBE if probe is None else probe_code(probe)
                split = (code, judge, message, tree.body[0], probe)
        except BaseException:  # noqa: BLE001 - whatever cannot be split is judged whole
            split = None
        full = None
        if split is None or (split[2] is not None and split[2][0] == "expr"):
            full = compile(tree, "<test>", "exec", dont_inherit=True, optimize=0)
    except BaseException as exc:  # noqa: BLE001 - SyntaxError, ValueError, RecursionError, ...
        plan = {"error": describe(exc, cap)}
    else:
        plan = {"tree": tree, "full": full, "split": split}
    if len(PLAN_CACHE) >= PLAN_CACHE_SIZE or PLAN_CACHE_HELD[0] + len(source) > PLAN_CACHE_CHARS:
        PLAN_CACHE.clear()
        PLAN_CACHE_HELD[0] = 0
    PLAN_CACHE[source] = plan
    PLAN_CACHE_HELD[0] += len(source)
    return plan


def full_code(plan):
    """The whole test's code (compiled on first use for tests that split)."""
    if plan["full"] is None:
        plan["full"] = compile(plan["tree"], "<test>", "exec", dont_inherit=True, optimize=0)
    return plan["full"]


def message_code(split):
    """For a failed test whose message is an expression: evaluate the probe again (its side effects may
    matter), then raise AssertionError(message). Only ever sent after the verdict is FAIL."""
    _code, _judge, message, node, probe = split
    body = []
    if probe is not None:
        body.append(ast.copy_location(ast.Expr(value=probe), node))
    body.append(ast.copy_location(ast.Assert(test=ast.Constant(value=False), msg=message[1]), node))
    tree = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    return compile(tree, "<test>", "exec", dont_inherit=True, optimize=0)
