"""When a mutant does not change what the code does, as far as the engine can tell without running it: the same
tree (nested boolean operators flattened), or the same normalised bytecode."""
import ast
import dis
import types

JUMP_OPCODES = frozenset(dis.hasjrel) | frozenset(dis.hasjabs) | frozenset(getattr(dis, "hasjump", ()))
IGNORED_OPNAMES = frozenset({"NOP", "CACHE", "EXTENDED_ARG"})


def const_key(value):
    """A comparable key of a constant (nested code objects by fingerprint)."""
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
    """The fingerprint (``code_fingerprint``) of a module's text, compiled without optimisation."""
    return code_fingerprint(compile(text, "<snippet>", "exec", dont_inherit=True, optimize=0))


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

