"""Task-set converter of @execret/generate: HumanEval and MBPP rows to execret tasks.

Reads one JSON request on stdin and writes one JSON response on stdout. Only the standard library is
used (``ast``), so the script runs under ``python -I -S`` (Python >= 3.9, for ``ast.unparse``). The
TypeScript side (``src/task-formats/``) checks field types, builds ids and finds duplicates; this script
does everything that needs Python's own parser. The rules are documented in the package README
("Task sets") and in docs/formats.md.

Commands
--------
``{"command": "humaneval", "rows": [{"prompt", "canonical_solution", "test", "entry_point"}]}``
``{"command": "mbpp", "rows": [{"text", "code", "test_setup_code", "test_list", "challenge_test_list"}]}``
    One result per row, in order: ``{"ok": true, "task": {"query", "function_name", "canonical",
    "tests"}, "dropped": [{"reason", "test"}]}`` or ``{"ok": false, "reason", "detail"}``. Every
    ``reason`` is a code of ``TASK_SKIP_REASONS`` (src/task-formats/reasons.ts).
"""

import ast
import builtins
import copy
import os
import re
import sys

# The shared request/answer protocol (script_io.py), from this script's own directory.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_io import serve  # noqa: E402

# A line that only introduces doctest examples ("For example:", "Examples"), removed with them.
EXAMPLE_HEADER = re.compile(r"(?:for\s+)?(?:an?\s+)?examples?\s*:?", re.IGNORECASE)

COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class Skip(Exception):
    """A row that cannot be converted: ``reason`` is a skip code, ``detail`` says why."""

    def __init__(self, reason, detail):
        Exception.__init__(self, detail)
        self.reason = reason
        self.detail = detail


def normalise_newlines(text):
    return text.replace("\r\n", "\n")


def syntax_detail(exc):
    return "line %s: %s" % (exc.lineno, exc.msg)


def is_ascii_identifier(name):
    return re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) is not None


def shorten(text, limit=80):
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- names
def bound_names(nodes):
    """Names a block binds in its own scope: assignment, loop, ``with``, ``except`` and walrus targets,
    imports, and the names of nested functions and classes (whose bodies are other scopes)."""
    names = set()
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, NESTED_SCOPES):
            names.add(node.name)
            continue
        if isinstance(node, (ast.Lambda,) + COMPREHENSIONS):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        else:
            for field in ("name", "rest"):  # match-statement captures (MatchAs, MatchStar, MatchMapping)
                value = getattr(node, field, None)
                if isinstance(value, str) and type(node).__name__.startswith("Match"):
                    names.add(value)
        stack.extend(ast.iter_child_nodes(node))
    names.discard("*")
    return names


def target_names(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def free_name_nodes(node):
    """``Name`` nodes of a statement that refer to the enclosing scope: names bound by a lambda's
    parameters or a comprehension's targets inside the statement are not free there."""
    found = []

    def visit(n, local):
        if isinstance(n, ast.Lambda):
            a = n.args
            params = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
            params |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
            for default in a.defaults + [d for d in a.kw_defaults if d is not None]:
                visit(default, local)
            visit(n.body, local | params)
            return
        if isinstance(n, COMPREHENSIONS):
            inner = set(local)
            for i, gen in enumerate(n.generators):
                visit(gen.iter, local if i == 0 else frozenset(inner))
                inner |= target_names(gen.target)
                for cond in gen.ifs:
                    visit(cond, frozenset(inner))
            for part in ([n.key, n.value] if isinstance(n, ast.DictComp) else [n.elt]):
                visit(part, frozenset(inner))
            return
        if isinstance(n, ast.Name):
            if n.id not in local:
                found.append(n)
            return
        for child in ast.iter_child_nodes(n):
            visit(child, local)

    visit(node, frozenset())
    return found


def calls_name(expr, name):
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
               for n in ast.walk(expr))


def called_names(expr):
    return {n.func.id for n in ast.walk(expr) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def one_line(stmt):
    """``ast.unparse`` of a statement, or None when the printed text would span several lines."""
    text = ast.unparse(stmt)
    return None if "\n" in text or "\r" in text else text


def top_level_def(tree, name):
    found = None
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            found = stmt  # the last definition wins, as when the module runs
    return found


def parse(text, reason, what, compile_too=False):
    """``ast.parse`` (and, with ``compile_too``, ``compile``, which also rejects e.g. ``return`` outside a
    function), or Skip(reason) naming ``what`` when Python cannot parse the text (a syntax error, a NUL
    byte, or nesting too deep for the parser)."""
    try:
        tree = ast.parse(text)
        if compile_too:
            compile(tree, "<canonical>", "exec", dont_inherit=True)
        return tree
    except SyntaxError as exc:
        raise Skip(reason, "%s does not parse: %s" % (what, syntax_detail(exc)))
    except (ValueError, RecursionError, MemoryError) as exc:
        raise Skip(reason, "%s does not parse: %s: %s" % (what, type(exc).__name__, shorten(str(exc))))


# --------------------------------------------------------------------------- HumanEval
def query_from_docstring(doc):
    """Dedented docstring (``inspect.cleandoc`` rules) without doctest examples, whitespace collapsed.

    An example starts at a line whose text begins with ``>>>`` and runs, as doctest reads it, until a
    blank line or the next ``>>>`` line (continuation ``...`` lines and expected output included). A
    line that only says ``Example``/``Examples``/``For example`` (optional ``an``/``a`` and ``:``,
    any case) directly before an example (blank lines between allowed) goes with it. Every other line
    is kept; then every run of whitespace becomes one space and the ends are stripped.
    """
    lines = doc.split("\n")
    kept = []
    i = 0
    while i < len(lines):
        if lines[i].strip().startswith(">>>"):
            j = len(kept) - 1
            while j >= 0 and kept[j].strip() == "":
                j -= 1
            if j >= 0 and EXAMPLE_HEADER.fullmatch(kept[j].strip()):
                del kept[j:]
            i += 1
            while i < len(lines) and lines[i].strip() != "" and not lines[i].strip().startswith(">>>"):
                i += 1
            continue
        kept.append(lines[i])
        i += 1
    return " ".join(" ".join(kept).split())


def check_function(test_tree):
    check = top_level_def(test_tree, "check")
    if check is None:
        defs = [s.name for s in test_tree.body if isinstance(s, ast.FunctionDef)]
        raise Skip("no-check-function", "the test defines no top-level `def check(candidate)` (functions: %s)"
                   % (", ".join(defs) or "none"))
    a = check.args
    positional = a.posonlyargs + a.args
    if len(positional) != 1 or a.vararg or a.kwarg or a.kwonlyargs:
        raise Skip("no-check-function", "`check` takes %d positional parameters; expected exactly one (candidate)"
                   % len(positional))
    return check, positional[0].arg


def humaneval_assert(stmt, param, entry, check_locals, test_globals, canonical_names):
    """(reason, None) when the top-level assert of check() is left out, else (None, rewritten text)."""
    work = copy.deepcopy(stmt)
    nodes = free_name_nodes(work)
    own = {n.id for n in nodes if isinstance(n.ctx, ast.Store)}  # walrus targets of the assert itself
    used = {n.id for n in nodes if isinstance(n.ctx, ast.Load)} - own - {param}
    if used & check_locals:
        return "assert-uses-test-locals", None
    if used & test_globals:
        return "assert-uses-test-globals", None
    if any(name not in canonical_names and not hasattr(builtins, name) for name in used):
        return "assert-uses-undefined-name", None
    for n in nodes:
        if n.id == param:
            n.id = entry
    if not calls_name(work.test, entry):
        return "assert-does-not-call-entry-point", None
    text = one_line(work)
    if text is None:
        return "test-not-single-assert", None
    return None, text


def convert_humaneval(row):
    prompt = normalise_newlines(row["prompt"])
    entry = row["entry_point"]
    canonical = prompt + normalise_newlines(row["canonical_solution"])
    tree = parse(canonical, "canonical-does-not-parse", "the canonical (prompt + canonical_solution)", True)
    fn = top_level_def(tree, entry)
    if fn is None or not is_ascii_identifier(entry):
        defs = [s.name for s in tree.body if isinstance(s, ast.FunctionDef)]
        raise Skip("entry-point-not-defined", "the canonical defines no top-level `def %s` (functions: %s)"
                   % (entry, ", ".join(defs) or "none"))
    doc = ast.get_docstring(fn, clean=True)
    query = query_from_docstring(doc) if doc else ""
    if not query:
        raise Skip("no-docstring", "`%s` has %s" % (entry, "a docstring of doctest examples only" if doc
                                                     else "no docstring"))
    test_tree = parse(normalise_newlines(row["test"]), "tests-do-not-parse", "the test")
    check, param = check_function(test_tree)
    check_locals = bound_names(check.body) - {param}
    test_globals = bound_names(test_tree.body)
    canonical_names = bound_names(tree.body)
    tests = []
    dropped = []
    for stmt in check.body:
        if not isinstance(stmt, ast.Assert):
            for inner in ast.walk(stmt):
                if isinstance(inner, ast.Assert):
                    dropped.append({"reason": "assert-nested", "test": ast.unparse(inner)})
            continue
        reason, text = humaneval_assert(stmt, param, entry, check_locals, test_globals, canonical_names)
        if reason is None:
            tests.append(text)
        else:
            dropped.append({"reason": reason, "test": ast.unparse(stmt)})
    if not tests:
        counts = {}
        for d in dropped:
            counts[d["reason"]] = counts.get(d["reason"], 0) + 1
        summary = ", ".join("%s %d" % (k, counts[k]) for k in sorted(counts)) or "check() holds no assert"
        raise Skip("no-usable-assert", "no assert of check() is usable (%s)" % summary)
    task = {"query": query, "function_name": entry, "canonical": canonical, "tests": tests}
    return {"ok": True, "task": task, "dropped": dropped}


# --------------------------------------------------------------------------- MBPP
def mbpp_setup(setup):
    """The setup code to prepend to the canonical ('' when none); raises Skip unless it is only imports."""
    if not setup:
        return ""
    tree = parse(setup, "setup-code", "test_setup_code")
    others = [type(s).__name__ for s in tree.body if not isinstance(s, (ast.Import, ast.ImportFrom))]
    if others:
        raise Skip("setup-code", "test_setup_code runs statements other than imports (%s)" % ", ".join(others))
    return setup + "\n"


def convert_mbpp(row):
    setup = mbpp_setup(normalise_newlines(row["test_setup_code"]).strip())
    canonical = setup + normalise_newlines(row["code"])
    tree = parse(canonical, "canonical-does-not-parse", "the canonical (code)", True)
    defined = {s.name for s in tree.body if isinstance(s, ast.FunctionDef) and is_ascii_identifier(s.name)}
    parsed = []
    dropped = []
    for raw in list(row["test_list"]) + list(row["challenge_test_list"]):
        text = normalise_newlines(raw).strip()
        try:
            body = ast.parse(text).body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            body = []
        if len(body) != 1 or not isinstance(body[0], ast.Assert):
            dropped.append({"reason": "test-not-single-assert", "test": raw})
            continue
        if "\n" in text:
            text = one_line(body[0])
            if text is None:
                dropped.append({"reason": "test-not-single-assert", "test": raw})
                continue
        parsed.append((text, called_names(body[0].test) & defined))
    if not parsed:
        raise Skip("no-usable-assert", "none of the %d tests is a single assert statement" % len(dropped))
    calling = [calls for _, calls in parsed if calls]
    if not calling:
        raise Skip("entry-point-not-defined", "the asserts call no function the code defines at top level "
                   "(functions: %s)" % (", ".join(sorted(defined)) or "none"))
    common = set.intersection(*calling)
    if len(common) != 1:
        called = sorted(set.union(*calling))
        raise Skip("ambiguous-entry-point", "no single top-level function is called by every assert "
                   "(called: %s)" % ", ".join(called))
    entry = common.pop()
    tests = []
    for text, calls in parsed:
        if calls:
            tests.append(text)
        else:
            dropped.append({"reason": "assert-does-not-call-entry-point", "test": text})
    task = {"query": row["text"].strip(), "function_name": entry, "canonical": canonical, "tests": tests}
    return {"ok": True, "task": task, "dropped": dropped}


# --------------------------------------------------------------------------- main
def convert(row, converter):
    try:
        return converter(row)
    except Skip as skip:
        return {"ok": False, "reason": skip.reason, "detail": skip.detail}


def main():
    serve({
        "humaneval": lambda request: [convert(row, convert_humaneval) for row in request["rows"]],
        "mbpp": lambda request: [convert(row, convert_mbpp) for row in request["rows"]],
    })


if __name__ == "__main__":
    main()
