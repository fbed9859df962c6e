"""Mutation engine of @execret/generate.

Reads one JSON request on stdin and writes one JSON response on stdout. Only the standard library is
used (``ast``, ``tokenize``), so the script runs under ``python -I -S``.

Commands
--------
``{"command": "mutate", "tasks": [{"id", "canonical"}]}``
    Enumerates every single-edit mutant of each canonical (see ``OPERATORS`` below) and returns, per
    task, ``{"id", "ok": true, "candidates": [...]}`` or ``{"id", "ok": false, "error"}``.
``{"command": "check", "tasks": [{"id", "canonical", "function_name", "tests", "distractors"?}]}``
    Static (AST) gate: returns per task ``{"id", "issues": [...], "top_level_names": [...]}``.
``{"command": "apply", "jobs": [{"code", "edits": [...]}]}``
    Applies several edits at once (stacked mutants): ``{"ok", "code", "status", "reason"}``.

Positions
---------
An edit replaces the text between two positions ``(line, col)``: ``line`` is 1-based, ``col`` is a
0-based column counted in Unicode code points (Python ``str`` indices; ``ast`` reports UTF-8 byte
offsets, which are converted). The end position is exclusive and may equal the length of its line
including the line terminator, in which case the terminator is part of the replaced text.

Every candidate is verified: the spliced text is re-parsed and must produce exactly the AST the
operator intended (``ast.dump`` without positions). A candidate that fails this check is returned with
``status: "unverified"`` and never used.
"""

import ast
import dis
import io
import os
import re
import sys
import tokenize
import types

# The shared request/answer protocol (script_io.py), from this script's own directory.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_io import serve  # noqa: E402

BUG_TYPES = (
    "off_by_one",
    "off_by_one_boundary",
    "wrong_operator",
    "wrong_comparison",
    "swap_arguments",
    "remove_edge_case_check",
)
BUG_ORDER = {name: i for i, name in enumerate(BUG_TYPES)}

# Operator replacement tables (one or two alternatives per operator, chosen to be plausible slips).
BINOP_SWAPS = {
    ast.Add: (ast.Sub,),
    ast.Sub: (ast.Add,),
    ast.Mult: (ast.FloorDiv,),
    ast.FloorDiv: (ast.Div, ast.Mult),
    ast.Div: (ast.FloorDiv, ast.Mult),
    ast.Mod: (ast.FloorDiv,),
    ast.Pow: (ast.Mult,),
    ast.BitAnd: (ast.BitOr,),
    ast.BitOr: (ast.BitAnd,),
    ast.BitXor: (ast.BitOr,),
    ast.LShift: (ast.RShift,),
    ast.RShift: (ast.LShift,),
}
BINOP_TEXT = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%",
    ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<",
    ast.RShift: ">>", ast.MatMult: "@",
}
CMP_SWAPS = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
CMP_TEXT = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}
ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# Callees whose two positional arguments can be swapped without changing the result (up to ties
# between equal values): swapping them is reported as a trivially equivalent mutant.
COMMUTATIVE_CALLEES = frozenset({
    "max", "min", "gcd", "lcm", "hypot", "isclose", "dist", "add", "mul", "and_", "or_", "xor",
    "eq", "ne", "union", "intersection", "symmetric_difference", "isdisjoint",
})
GUARD_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


class Source:
    """Source text with conversions between ``ast`` positions and code-point positions."""

    def __init__(self, text):
        self.text = text
        self.lines = LINE_RE.findall(text)
        self.starts = []
        offset = 0
        for line in self.lines:
            self.starts.append(offset)
            offset += len(line)
        self.starts.append(offset)  # position (len(lines) + 1, 0) is the end of the text

    def char_col(self, lineno, byte_col):
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        return len(line.encode("utf-8")[:byte_col].decode("utf-8", errors="strict"))

    def start(self, node):
        return (node.lineno, self.char_col(node.lineno, node.col_offset))

    def end(self, node):
        return (node.end_lineno, self.char_col(node.end_lineno, node.end_col_offset))

    def offset(self, pos):
        line, col = pos
        return self.starts[line - 1] + col

    def segment(self, start, end):
        return self.text[self.offset(start):self.offset(end)]

    def line_end(self, lineno):
        """Position just after the terminator of line ``lineno``."""
        return (lineno, len(self.lines[lineno - 1]))


class Candidate:
    def __init__(self, bug_type, operator, start, end, after, path, transform):
        self.bug_type = bug_type
        self.operator = operator
        self.start = start
        self.end = end
        self.after = after
        self.path = path
        self.transform = transform


def get_node(tree, path):
    node = tree
    for field, index in path:
        node = getattr(node, field)
        if index is not None:
            node = node[index]
    return node


def set_node(tree, path, value):
    parent = get_node(tree, path[:-1])
    field, index = path[-1]
    if index is None:
        setattr(parent, field, value)
    else:
        getattr(parent, field)[index] = value


def int_value(node):
    """The value of an int literal (``5``, ``-5``), or None. Booleans are not int literals here."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int):
        return -node.operand.value
    return None


def int_node(value):
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
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
            and len(node.args) == 1 and not node.keywords)


def is_range_call(node):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"


def plus_minus_one(node):
    """For ``X + 1`` / ``X - 1`` return X, else None."""
    if (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub))
            and int_value(node.right) == 1 and isinstance(node.right, ast.Constant)):
        return node.left
    return None


ATOMIC = (ast.Name, ast.Call, ast.Attribute, ast.Subscript, ast.Constant)


def callee_name(call):
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def docstring_node(body):
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[0]
    return None


class Enumerator:
    def __init__(self, source, tree):
        self.src = source
        self.tree = tree
        self.candidates = []
        self.tokens = []
        try:
            self.tokens = [t for t in tokenize.generate_tokens(io.StringIO(source.text).readline)
                           if t.type in (tokenize.OP, tokenize.NAME)]
        except (tokenize.TokenError, SyntaxError, IndentationError):
            self.tokens = []
        self.boundary_ids = set()

    # ----------------------------------------------------------------- walking
    def walk(self, node, path):
        yield node, path
        for field, value in ast.iter_fields(node):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and field in (
                    "decorator_list", "returns", "args", "bases", "keywords"):
                continue  # decorators, signatures (defaults, annotations) and class bases are left alone
            if isinstance(node, (ast.AnnAssign,)) and field == "annotation":
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        yield from self.walk(item, path + ((field, i),))
            elif isinstance(value, ast.AST):
                yield from self.walk(value, path + ((field, None),))

    # ----------------------------------------------------------------- tokens
    def find_token(self, start, end, words):
        """Find the token sequence ``words`` between two positions; returns its (start, end) or None."""
        hits = []
        toks = [t for t in self.tokens if start <= t.start and t.end <= end]
        for i in range(len(toks) - len(words) + 1):
            if all(toks[i + j].string == words[j] for j in range(len(words))):
                hits.append((toks[i].start, toks[i + len(words) - 1].end))
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None
        # Fallback for code the tokenizer does not split (expressions inside f-strings before 3.12):
        # search the raw text between the operands; the AST check afterwards confirms the edit.
        text = self.src.segment(start, end)
        pattern = r"\s+".join(re.escape(w) for w in words)
        if words[0][0].isalpha():
            pattern = r"(?<![\w])" + pattern + r"(?![\w])"
        else:
            pattern = r"(?<![-+*/%<>=!&|^@~])" + pattern + r"(?![-+*/%<>=!&|^@~])"
        matches = list(re.finditer(pattern, text))
        if len(matches) != 1:
            return None
        base = self.src.offset(start)
        return (self.pos_of(base + matches[0].start()), self.pos_of(base + matches[0].end()))

    def pos_of(self, offset):
        lo, hi = 0, len(self.src.lines) - 1
        line = 0
        while lo <= hi:
            mid = (lo + hi) // 2
            if self.src.starts[mid] <= offset:
                line = mid
                lo = mid + 1
            else:
                hi = mid - 1
        return (line + 1, offset - self.src.starts[line])

    def add(self, bug_type, operator, start, end, after, path, transform):
        self.candidates.append(Candidate(bug_type, operator, start, end, after, path, transform))

    # ----------------------------------------------------------------- operators
    def run(self):
        nodes = list(self.walk(self.tree, ()))
        docstrings = set()
        for node, _ in nodes:
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                doc = docstring_node(node.body)
                if doc is not None:
                    docstrings.add(id(doc.value))
        self.mark_boundaries(nodes)
        for node, path in nodes:
            if id(node) in docstrings:
                continue
            if isinstance(node, ast.BinOp):
                self.binop(node, path)
            elif isinstance(node, ast.AugAssign):
                self.augassign(node, path)
            elif isinstance(node, ast.BoolOp):
                self.boolop(node, path)
            elif isinstance(node, ast.Compare):
                self.compare(node, path)
            elif isinstance(node, ast.Call):
                self.call(node, path)
            elif isinstance(node, ast.Subscript):
                self.subscript(node, path)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                self.assign(node, path)
            self.guards(node, path)
        return self.candidates

    def mark_boundaries(self, nodes):
        """Collect the boundary expressions: range() arguments, slice bounds, operands of ordering
        comparisons. They are mutated by the off_by_one_boundary operators."""
        self.boundaries = []
        for node, path in nodes:
            if is_range_call(node) and not node.keywords:
                for i, arg in enumerate(node.args):
                    if not isinstance(arg, ast.Starred):
                        self.boundaries.append((arg, path + (("args", i),), "range_bound", True))
            elif isinstance(node, ast.Slice):
                for field in ("lower", "upper"):
                    value = getattr(node, field)
                    if value is not None:
                        self.boundaries.append((value, path + ((field, None),), "slice_bound", True))
            elif isinstance(node, ast.Compare):
                for i, op in enumerate(node.ops):
                    if isinstance(op, ORDERING):
                        # the right operand of an ordering link; the left one when it is a literal
                        self.boundaries.append((node.comparators[i], path + (("comparators", i),),
                                                "compare_bound", True))
                        left = node.left if i == 0 else node.comparators[i - 1]
                        left_path = path + (("left", None),) if i == 0 else path + (("comparators", i - 1),)
                        if int_value(left) is not None:
                            self.boundaries.append((left, left_path, "compare_bound", False))
        seen = set()
        for expr, path, operator, shift in self.boundaries:
            if id(expr) in seen:
                continue
            seen.add(id(expr))
            self.boundary_ids.add(id(expr))
            self.boundary(expr, path, operator, shift)

    def boundary(self, expr, path, operator, shift):
        start, end = self.src.start(expr), self.src.end(expr)
        text = self.src.segment(start, end)
        value = int_value(expr)
        if value is not None:
            for delta in (-1, 1):
                new = value + delta
                self.add("off_by_one_boundary", operator, start, end, int_text(text, new), path,
                         lambda tree, p=path, n=new: set_node(tree, p, int_node(n)))
            return
        inner = plus_minus_one(expr)
        if inner is not None:
            self.boundary_ids.add(id(expr.right))
            # drop the "± 1": replace the whole expression by its left operand text
            self.add("off_by_one_boundary", operator, start, end,
                     self.src.segment(self.src.start(inner), self.src.end(inner)), path,
                     lambda tree, p=path: set_node(tree, p, get_node(tree, p).left))
            return
        if shift and isinstance(expr, ATOMIC) and not isinstance(expr, ast.Constant):
            for op, sym in ((ast.Add, "+"), (ast.Sub, "-")):
                self.add("off_by_one_boundary", operator, start, end, "%s %s 1" % (text, sym), path,
                         lambda tree, p=path, o=op: set_node(tree, p, ast.BinOp(
                             left=get_node(tree, p), op=o(), right=ast.Constant(value=1))))

    def int_literal(self, expr, path):
        """off_by_one: an int literal operand of arithmetic, an index, or an assigned value, ±1."""
        if id(expr) in self.boundary_ids:
            return
        value = int_value(expr)
        if value is None:
            return
        start, end = self.src.start(expr), self.src.end(expr)
        text = self.src.segment(start, end)
        for delta in (-1, 1):
            new = value + delta
            self.add("off_by_one", "int_literal", start, end, int_text(text, new), path,
                     lambda tree, p=path, n=new: set_node(tree, p, int_node(n)))

    def binop(self, node, path):
        self.int_literal(node.left, path + (("left", None),))
        self.int_literal(node.right, path + (("right", None),))
        # wrong_operator: replace the operator token
        op_type = type(node.op)
        span = self.find_token(self.src.end(node.left), self.src.start(node.right), [BINOP_TEXT[op_type]]) \
            if op_type in BINOP_TEXT else None
        if span is not None:
            for new in BINOP_SWAPS.get(op_type, ()):
                self.add("wrong_operator", "binary_operator", span[0], span[1], BINOP_TEXT[new], path,
                         lambda tree, p=path, n=new: setattr(get_node(tree, p), "op", n()))
        # off_by_one_boundary: len(x) - 1 -> len(x), len(x) + 1 -> len(x) (outside boundary positions)
        if id(node) not in self.boundary_ids and is_len_call(node.left) and plus_minus_one(node) is not None:
            self.add("off_by_one_boundary", "len_offset", self.src.start(node), self.src.end(node),
                     self.src.segment(self.src.start(node.left), self.src.end(node.left)), path,
                     lambda tree, p=path: set_node(tree, p, get_node(tree, p).left))

    def augassign(self, node, path):
        self.int_literal(node.value, path + (("value", None),))
        op_type = type(node.op)
        if op_type not in BINOP_TEXT:
            return
        span = self.find_token(self.src.end(node.target), self.src.start(node.value),
                               [BINOP_TEXT[op_type] + "="])
        if span is None:
            return
        for new in BINOP_SWAPS.get(op_type, ()):
            self.add("wrong_operator", "augmented_assignment", span[0], span[1], BINOP_TEXT[new] + "=",
                     path, lambda tree, p=path, n=new: setattr(get_node(tree, p), "op", n()))

    def boolop(self, node, path):
        old_word = "and" if isinstance(node.op, ast.And) else "or"
        new_word = "or" if old_word == "and" else "and"
        for i in range(len(node.values) - 1):
            span = self.find_token(self.src.end(node.values[i]), self.src.start(node.values[i + 1]),
                                   [old_word])
            if span is None:
                continue
            self.add("wrong_operator", "boolean_operator", span[0], span[1], new_word, path,
                     lambda tree, p=path, i=i: set_node(tree, p, regroup_boolop(get_node(tree, p), i)))

    def compare(self, node, path):
        operands = [node.left] + list(node.comparators)
        for i, op in enumerate(node.ops):
            op_type = type(op)
            words = CMP_TEXT[op_type].split()
            span = self.find_token(self.src.end(operands[i]), self.src.start(operands[i + 1]), words)
            if span is None:
                continue
            new = CMP_SWAPS[op_type]
            self.add("wrong_comparison", "chained_comparison" if len(node.ops) > 1 else "comparison",
                     span[0], span[1], CMP_TEXT[new], path,
                     lambda tree, p=path, i=i, n=new: get_node(tree, p).ops.__setitem__(i, n()))

    def call(self, node, path):
        args = node.args
        if any(isinstance(a, ast.Starred) for a in args):
            return
        name = callee_name(node)
        for i in range(len(args) - 1):
            a, b = args[i], args[i + 1]
            if ast.dump(a) == ast.dump(b):
                continue  # identical arguments: the swap would not change the code
            a_start, a_end = self.src.start(a), self.src.end(a)
            b_start, b_end = self.src.start(b), self.src.end(b)
            middle = self.src.segment(a_end, b_start)
            after = self.src.segment(b_start, b_end) + middle + self.src.segment(a_start, a_end)
            operator = "swap_commutative" if name in COMMUTATIVE_CALLEES else "swap_positional"
            self.add("swap_arguments", operator, a_start, b_end, after, path,
                     lambda tree, p=path, i=i: swap_args(get_node(tree, p), i))

    def subscript(self, node, path):
        index = node.slice
        if isinstance(index, (ast.Slice, ast.Tuple)):
            return
        index_path = path + (("slice", None),)
        if int_value(index) is not None:
            self.int_literal(index, index_path)
            return
        start, end = self.src.start(index), self.src.end(index)
        text = self.src.segment(start, end)
        inner = plus_minus_one(index)
        if inner is not None:
            self.add("off_by_one", "index_shift", start, end,
                     self.src.segment(self.src.start(inner), self.src.end(inner)), index_path,
                     lambda tree, p=index_path: set_node(tree, p, get_node(tree, p).left))
        elif isinstance(index, ast.Name):
            for op, sym in ((ast.Add, "+"), (ast.Sub, "-")):
                self.add("off_by_one", "index_shift", start, end, "%s %s 1" % (text, sym), index_path,
                         lambda tree, p=index_path, o=op: set_node(tree, p, ast.BinOp(
                             left=get_node(tree, p), op=o(), right=ast.Constant(value=1))))

    def assign(self, node, path):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if node.value is not None and len(targets) == 1 and isinstance(targets[0], ast.Name):
            self.int_literal(node.value, path + (("value", None),))
        if node.value is not None and is_len_call(node.value):
            # n = len(xs) -> n = len(xs) - 1
            start, end = self.src.start(node.value), self.src.end(node.value)
            value_path = path + (("value", None),)
            self.add("off_by_one_boundary", "len_offset", start, end,
                     self.src.segment(start, end) + " - 1", value_path,
                     lambda tree, p=value_path: set_node(tree, p, ast.BinOp(
                         left=get_node(tree, p), op=ast.Sub(), right=ast.Constant(value=1))))

    def guards(self, node, path):
        """remove_edge_case_check: delete an ``if`` without else whose body is one return / raise /
        continue / break. The whole lines of the statement go; an emptied block gets ``pass``. A final
        ``elif`` clause of that shape is removed the same way (its ``if`` loses the branch)."""
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for i, stmt in enumerate(block):
                if not (isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1
                        and isinstance(stmt.body[0], GUARD_EXITS)):
                    continue
                first, last = stmt.lineno, stmt.end_lineno
                if any(getattr(other, "end_lineno", 0) >= first and other.lineno <= last
                       for j, other in enumerate(block) if j != i):
                    continue  # shares a line with a sibling statement
                line_text = self.src.lines[first - 1]
                indent = line_text[:len(line_text) - len(line_text.lstrip(" \t"))]
                start = (first, 0)
                end = self.src.line_end(last)
                after = ""
                is_elif = (isinstance(node, ast.If) and field == "orelse" and len(block) == 1
                           and line_text.lstrip().startswith("elif"))
                if is_elif:
                    pass  # an `elif` clause: its lines go and the `if` above simply loses its else branch
                elif len(block) == 1:
                    terminator = re.search(r"(\r\n|\r|\n)?$", self.src.lines[last - 1]).group(0)
                    after = indent + "pass" + terminator
                elif last == len(self.src.lines) and not re.search(r"[\r\n]$", self.src.lines[last - 1]):
                    # last line without terminator: also remove the terminator before it
                    prev = first - 1
                    start = (prev, len(self.src.lines[prev - 1].rstrip("\r\n")))
                stmt_path = path + ((field, i),)
                self.add("remove_edge_case_check", "remove_guard", start, end, after, stmt_path,
                         lambda tree, p=stmt_path, e=is_elif: remove_statement(tree, p, keep_empty=e))


def regroup_boolop(node, i):
    """The AST of a BoolOp after its i-th operator token is flipped (and/or precedence applies)."""
    values = node.values

    def group(op, items):
        return items[0] if len(items) == 1 else ast.BoolOp(op=op(), values=list(items))

    if isinstance(node.op, ast.And):  # a and b and c -> (a and b) or c
        return ast.BoolOp(op=ast.Or(), values=[group(ast.And, values[:i + 1]), group(ast.And, values[i + 1:])])
    # a or b or c -> a or (b and c)
    return group(ast.Or, list(values[:i]) + [group(ast.And, values[i:i + 2])] + list(values[i + 2:]))


def swap_args(call, i):
    call.args[i], call.args[i + 1] = call.args[i + 1], call.args[i]


def remove_statement(tree, path, keep_empty=False):
    parent = get_node(tree, path[:-1])
    field, index = path[-1]
    block = getattr(parent, field)
    del block[index]
    if not block and not keep_empty:
        block.append(ast.Pass())


# --------------------------------------------------------------------------- bytecode
JUMP_OPCODES = frozenset(dis.hasjrel) | frozenset(dis.hasjabs) | frozenset(getattr(dis, "hasjump", ()))
IGNORED_OPNAMES = frozenset({"NOP", "CACHE", "EXTENDED_ARG"})


def const_key(value):
    if isinstance(value, types.CodeType):
        return ("code", code_fingerprint(value))
    if isinstance(value, (tuple, frozenset)) and any(isinstance(v, types.CodeType) for v in value):
        return (type(value).__name__, tuple(const_key(v) for v in value))
    return (type(value).__name__, repr(value))


def code_fingerprint(co):
    """What a code object executes, normalised: the instruction sequence without NOP / CACHE /
    EXTENDED_ARG entries (the compiler leaves NOPs where dead code or line markers were), jump
    targets and exception-table ranges as indices into that sequence, constants by type and repr,
    nested code objects recursively; no line numbers, columns or byte offsets."""
    all_instrs = list(dis.get_instructions(co))
    kept = [i for i in all_instrs if i.opname not in IGNORED_OPNAMES]
    index_of = {}
    k = len(kept)
    for instr in reversed(all_instrs):
        if instr.opname not in IGNORED_OPNAMES:
            k -= 1
        index_of[instr.offset] = k
    end_index = len(kept)

    def at(offset):
        if offset in index_of:
            return index_of[offset]
        later = [o for o in index_of if o >= offset]
        return index_of[min(later)] if later else end_index

    ops = []
    for instr in kept:
        if instr.opcode in JUMP_OPCODES and isinstance(instr.argval, int):
            arg = ("jump", at(instr.argval))
        else:
            arg = const_key(instr.argval)
        ops.append((instr.opname, arg))
    parse_table = getattr(dis, "_parse_exception_table", None)
    if parse_table is not None:
        table = tuple((at(e.start), at(e.end), at(e.target), e.depth, e.lasti) for e in parse_table(co))
    else:
        table = getattr(co, "co_exceptiontable", None)
    return (
        tuple(ops), table, co.co_argcount, co.co_posonlyargcount, co.co_kwonlyargcount, co.co_flags,
        co.co_name, getattr(co, "co_qualname", None), co.co_freevars, co.co_cellvars,
        tuple(const_key(c) for c in co.co_consts if isinstance(c, types.CodeType)),
    )


def bytecode_of(text):
    return code_fingerprint(compile(text, "<snippet>", "exec", dont_inherit=True, optimize=0))


def splice(text, src, start, end, after):
    return text[:src.offset(start)] + after + text[src.offset(end):]


class _FlattenBoolOps(ast.NodeTransformer):
    """``(a or b) or c`` and ``a or b or c`` mean the same; the parser nests the first and flattens the
    second, so comparisons of intended and parsed trees flatten both."""

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        values = []
        for value in node.values:
            if isinstance(value, ast.BoolOp) and type(value.op) is type(node.op):
                values.extend(value.values)
            else:
                values.append(value)
        node.values = values
        return node


def dump(tree):
    """Positions-free dump of a tree after flattening nested BoolOps. Modifies ``tree``: pass a
    tree that is not used afterwards."""
    return ast.dump(_FlattenBoolOps().visit(tree), include_attributes=False)


# --------------------------------------------------------------------------- commands
def mutate_task(task):
    text = task["canonical"]
    try:
        tree = ast.parse(text)
        canonical_bytecode = bytecode_of(text)
    except SyntaxError as exc:
        return {"id": task["id"], "ok": False, "error": "canonical does not parse: line %s: %s" % (exc.lineno, exc.msg)}
    src = Source(text)
    original_dump = dump(ast.parse(text))
    candidates = Enumerator(src, tree).run()
    candidates.sort(key=lambda c: (c.start, c.end, BUG_ORDER[c.bug_type], c.operator, c.after))
    seen = {}
    out = []
    for c in candidates:
        before = src.segment(c.start, c.end)
        code = splice(text, src, c.start, c.end, c.after)
        status, reason = "ok", None
        try:
            mutated_dump = dump(ast.parse(code))
            expected = ast.parse(text)  # a fresh copy of the canonical's tree (faster than deepcopy)
            c.transform(expected)
            if mutated_dump != dump(expected):
                status, reason = "unverified", "the spliced text does not parse to the intended AST"
            elif mutated_dump == original_dump:
                status, reason = "equivalent", "identical AST"
        except SyntaxError as exc:
            status, reason = "unverified", "the spliced text does not parse: %s" % exc.msg
        if status == "ok" and code in seen:
            status, reason = "duplicate", "same code as candidate %d" % seen[code]
        if status == "ok" and c.operator == "swap_commutative":
            status, reason = "equivalent", "swapped the arguments of a commutative callee"
        if status == "ok":
            try:
                if bytecode_of(code) == canonical_bytecode:
                    status, reason = "equivalent", "identical normalised bytecode"
            except (SyntaxError, ValueError) as exc:
                status, reason = "unverified", "does not compile: %s" % exc
        if status == "ok":
            seen[code] = len(out)
        out.append({
            "index": len(out), "bug_type": c.bug_type, "operator": c.operator,
            "line": c.start[0], "col_start": c.start[1], "end_line": c.end[0], "col_end": c.end[1],
            "before": before, "after": c.after, "code": code, "status": status, "reason": reason,
        })
    return {"id": task["id"], "ok": True, "candidates": out}


def top_level_names(tree):
    names = set()

    def targets(node):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for elt in node.elts:
                targets(elt)
        elif isinstance(node, ast.Starred):
            targets(node.value)

    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, ast.Assign):
            for t in stmt.targets:
                targets(t)
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            targets(stmt.target)
    return sorted(n for n in names if not (n.startswith("__") and n.endswith("__")))


def defines_function(tree, name):
    return any(isinstance(s, ast.FunctionDef) and s.name == name for s in tree.body)


def describe_defs(tree):
    found = [s.name for s in tree.body if isinstance(s, ast.FunctionDef)]
    return ", ".join(found) if found else "none"


def check_task(task):
    issues = []
    name = task["function_name"]
    names = []

    def issue(code, message, **extra):
        item = {"code": code, "message": message}
        item.update(extra)
        issues.append(item)

    try:
        tree = ast.parse(task["canonical"])
        names = top_level_names(tree)
        if not defines_function(tree, name):
            async_def = any(isinstance(s, ast.AsyncFunctionDef) and s.name == name for s in tree.body)
            issue("function_missing",
                  "canonical does not define a top-level `def %s` (%s; top-level functions found: %s)"
                  % (name, "it is async" if async_def else "expected a plain function", describe_defs(tree)))
    except SyntaxError as exc:
        issue("canonical_syntax", "canonical does not parse: line %s: %s" % (exc.lineno, exc.msg))
    for i, test in enumerate(task["tests"]):
        label = "test %d (%s)" % (i + 1, test if len(test) <= 80 else test[:77] + "...")
        if "\n" in test or "\r" in test:
            issue("test_multiline", "%s spans several lines; expected one single-line assert" % label, test=i)
            continue
        try:
            test_tree = ast.parse(test)
        except SyntaxError as exc:
            issue("test_syntax", "%s does not parse: %s" % (label, exc.msg), test=i)
            continue
        if len(test_tree.body) != 1 or not isinstance(test_tree.body[0], ast.Assert):
            kinds = ", ".join(type(s).__name__ for s in test_tree.body) or "nothing"
            issue("test_not_assert", "%s is %s; expected exactly one assert statement" % (label, kinds), test=i)
            continue
        calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
                    for n in ast.walk(test_tree.body[0].test))
        if not calls:
            issue("test_no_call", "%s does not call %s(...)" % (label, name), test=i)
    for i, code in enumerate(task.get("distractors") or []):
        try:
            dtree = ast.parse(code)
        except SyntaxError as exc:
            issue("distractor_syntax", "distractor %d does not parse: line %s: %s" % (i + 1, exc.lineno, exc.msg),
                  distractor=i)
            continue
        if not defines_function(dtree, name):
            issue("distractor_function_missing", "distractor %d does not define a top-level `def %s`" % (i + 1, name),
                  distractor=i)
        if code == task["canonical"]:
            issue("distractor_identical", "distractor %d is identical to the canonical" % (i + 1), distractor=i)
    return {"id": task["id"], "issues": issues, "top_level_names": names}


def apply_job(job):
    text = job["code"]
    try:
        tree = ast.parse(text)
        original = bytecode_of(text)
    except SyntaxError as exc:
        return {"ok": False, "status": "invalid", "reason": "original does not parse: %s" % exc.msg}
    src = Source(text)
    edits = sorted(job["edits"], key=lambda e: (e["line"], e["col_start"]))
    for a, b in zip(edits, edits[1:]):
        if (b["line"], b["col_start"]) < (a["end_line"], a["col_end"]):
            return {"ok": False, "status": "invalid", "reason": "edits overlap"}
    for e in edits:
        if src.segment((e["line"], e["col_start"]), (e["end_line"], e["col_end"])) != e["before"]:
            return {"ok": False, "status": "invalid",
                    "reason": "edit at line %d does not match the source text" % e["line"]}
    code = text
    for e in reversed(edits):
        code = splice(code, src, (e["line"], e["col_start"]), (e["end_line"], e["col_end"]), e["after"])
    try:
        same = bytecode_of(code) == original or dump(ast.parse(code)) == dump(tree)
    except SyntaxError as exc:
        return {"ok": False, "status": "invalid", "reason": "the edited code does not parse: %s" % exc.msg}
    if same:
        return {"ok": False, "status": "equivalent", "code": code, "reason": "identical normalised bytecode"}
    return {"ok": True, "status": "ok", "code": code, "reason": None}


def main():
    serve({
        "mutate": lambda request: [mutate_task(t) for t in request["tasks"]],
        "check": lambda request: [check_task(t) for t in request["tasks"]],
        "apply": lambda request: [apply_job(j) for j in request["jobs"]],
    })


if __name__ == "__main__":
    main()
