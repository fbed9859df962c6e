"""The operator tables of the mutation engine: bug types in report order, and the replacements each operator
draws from (one or two alternatives per operator, chosen to be plausible slips)."""
import ast

BUG_TYPES = (
    "off_by_one",
    "off_by_one_boundary",
    "wrong_operator",
    "wrong_comparison",
    "swap_arguments",
    "remove_edge_case_check",
)
BUG_ORDER = {name: i for i, name in enumerate(BUG_TYPES)}

# Operator replacement tables.
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
