"""The mutation operators, one module per bug type (as ``@execret/mutate-js``'s ``src/operators/``). Each is a
function ``(enumerator, node, path)`` that adds the candidates it makes of one node; ``OPERATORS`` is the order
in which a node is offered to them (the boundary expressions of ``off_by_one_boundary`` are collected and mutated
first, see ``mark_boundaries``)."""
from mutation.operators.off_by_one import off_by_one
from mutation.operators.off_by_one_boundary import off_by_one_boundary
from mutation.operators.remove_edge_case_check import remove_edge_case_check
from mutation.operators.swap_arguments import swap_arguments
from mutation.operators.wrong_comparison import wrong_comparison
from mutation.operators.wrong_operator import wrong_operator

OPERATORS = (
    off_by_one,
    wrong_operator,
    wrong_comparison,
    swap_arguments,
    off_by_one_boundary,
    remove_edge_case_check,
)
