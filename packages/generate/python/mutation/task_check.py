"""The ``check`` command: the static (ast) gate of a task — its canonical defines the function, each test is one
single-line assert that calls it, and each given distractor parses, defines it and differs from the canonical."""
import ast


def top_level_names(tree):
    """Names a module binds at top level (dunder names aside), sorted."""
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
    """Whether the module defines ``def name`` at top level."""
    return any(isinstance(s, ast.FunctionDef) and s.name == name for s in tree.body)


def describe_defs(tree):
    """The names of the top-level functions, for messages."""
    found = [s.name for s in tree.body if isinstance(s, ast.FunctionDef)]
    return ", ".join(found) if found else "none"


def check_task(task):
    """``{"id", "issues": [{"code", "message", ...}], "top_level_names"}`` for a task ``{"id", "canonical",
    "function_name", "tests", "distractors"?}``."""
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
