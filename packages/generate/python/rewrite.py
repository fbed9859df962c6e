"""Cosmetic rewrites of Python snippets for @execret/generate's propagated-bug pools.

Reads one JSON request on stdin and writes one JSON response on stdout. Only the standard library is
used (``ast``, ``tokenize``, ``hashlib``), so the script runs under ``python -I -S``.

Commands
--------
``{"command": "rewrite", "jobs": [{"code", "function_name", "tests", "seed", "count", "avoid"}]}``
    Returns per job ``{"ok": true, "variants": [{"code", "kinds"}], "sites": {...}}`` or
    ``{"ok": false, "error"}``: up to ``count`` rewrites of ``code`` that differ from it, from each
    other and from every text in ``avoid``, each with the kinds it applied (``statement-order``,
    ``operand-order``, ``rename``, ``reformat``, in that order). The same job gives the same answer.
``{"command": "version"}``
    ``{"python": "3.11.7"}``.

Rewrites (each one semantics-preserving, each step checked by re-parsing)
------------------------------------------------------------------------
``statement-order``
    Swaps two adjacent statements of one block when both are single-name assignments of side-effect-free
    values (constants, names, displays, arithmetic, a few pure builtins) and neither reads or writes what
    the other writes, or both are imports binding different names; each must have its lines to itself.
``operand-order``
    Swaps the operands of a comparison with one operator (``==``, ``!=``, ``is``, ``is not``, and
    ``<``/``>``/``<=``/``>=`` with the direction flipped) when both operands are simple (names,
    constants, attribute and subscript reads, ``len(...)``, unary and arithmetic operators over those).
``rename``
    Renames parameters and locals of top-level functions consistently: never a global, builtin, attribute,
    keyword-only parameter, a parameter that a test passes by keyword, the function's own name, a name
    bound in a nested scope, declared ``global``/``nonlocal``, bound by ``import``/``except``/``match``,
    used in an f-string, or starting with ``__``; a function that calls ``locals``, ``vars``, ``eval``,
    ``exec``, ``dir`` or ``globals`` keeps all its names. New names are free everywhere in the module.
``reformat``
    One or two of: ``indent`` (another indentation width; string interiors untouched), ``unparse``
    (``ast.unparse``), ``quotes`` (simple string literals in the other quote style), ``parens``
    (parentheses around ``return`` values and ``if``/``while`` conditions), ``blank-lines`` (a blank line
    before each final ``return``, or blank lines inside functions removed).

Every step re-parses its output and compares ``ast.dump`` with the tree the rewrite intends (the same
tree for ``reformat``; the original with the swap or the new names otherwise); a step that does not
match is skipped. Execution (the task's tests and probe inputs) is the build's business.
"""

import os
import sys

# The shared request/answer protocol (script_io.py) and the rewrite kinds, from this script's own directory.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cosmetic.rewrite_job import safe_rewrite_job  # noqa: E402
from script_io import serve  # noqa: E402


def main():
    serve({"rewrite": lambda request: [safe_rewrite_job(j) for j in request["jobs"]]})


if __name__ == "__main__":
    main()
