"""The judge's side of a reported value: rebuilding tagged JSON as plain data (no eval, no pickle) and
deciding a split test's outcome from it with Python's own operators."""
import json

from .common import ASSERTION_ERROR, MAX_VALUE_DEPTH, MAX_VALUE_HASHED, describe
from .plan import compare

class BadReport(Exception):
    """A reported value is malformed: the channel was tampered with."""


class TooBig(Exception):
    """A reported value exceeds what the judge rebuilds per job: the test falls back to a child."""


def rebuild(o, depth, budget):
    """The value a tagged-JSON report stands for. No eval, no pickle: exact built-in types only."""
    if depth > MAX_VALUE_DEPTH + 1 or type(o) is not list or not o or type(o[0]) is not str:
        raise BadReport()
    tag = o[0]
    n = len(o)
    if n == 1:
        if tag == "N":
            return None
        if tag == "T":
            return True
        if tag == "F":
            return False
        if tag not in ("l", "t", "S", "Z", "d"):
            raise BadReport()
    try:
        if tag in ("i", "f", "s", "b", "B"):
            if n != 2 or type(o[1]) is not str:
                raise BadReport()
            s = o[1]
            if tag == "i":
                return int(s, 16)
            if tag == "f":
                return float(s)
            if tag == "s":
                return s
            if tag == "b":
                return bytes.fromhex(s)
            return bytearray.fromhex(s)
        if tag == "c":
            if n != 3 or type(o[1]) is not str or type(o[2]) is not str:
                raise BadReport()
            return complex(float(o[1]), float(o[2]))
        if tag in ("l", "t", "S", "Z"):
            items = [rebuild(x, depth + 1, budget) for x in o[1:]]
            if tag == "l":
                return items
            if tag == "t":
                return tuple(items)
            budget[0] -= len(items)
            if budget[0] < 0 or len(items) > MAX_VALUE_HASHED:
                raise TooBig()
            return set(items) if tag == "S" else frozenset(items)
        if tag == "d":
            if n % 2 != 1:
                raise BadReport()
            budget[0] -= n // 2
            if budget[0] < 0 or n // 2 > MAX_VALUE_HASHED:
                raise TooBig()
            d = {}
            for i in range(1, n, 2):
                key = rebuild(o[i], depth + 1, budget)
                d[key] = rebuild(o[i + 1], depth + 1, budget)
            return d
    except (ValueError, TypeError, OverflowError):
        raise BadReport()
    raise BadReport()


def decode_value(text, budget):
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError, MemoryError):
        raise BadReport()
    try:
        return rebuild(obj, 0, budget)
    except RecursionError:
        raise BadReport()


def verdict(judge, message, value, cap):
    """Outcome of a split test from its probe's value: only built-in operations on plain data, here in
    the judge. Returns (outcome, needs_message) where needs_message means 'FAIL, message to evaluate'."""
    kind = judge[0]
    try:
        if kind == "const":
            ok = judge[1]
        elif kind == "truth":
            ok = bool(value) if judge[1] else not value
        else:
            _k, op, expected, expected_left = judge
            ok = compare(op, expected, value) if expected_left else compare(op, value, expected)
            ok = bool(ok)
    except BaseException as exc:  # noqa: BLE001 - e.g. TypeError from '<' between int and str
        return describe(exc, cap), False
    if ok:
        return "pass", False
    if message is None:
        return "FAIL", False
    if message[0] == "lit":
        return describe(ASSERTION_ERROR(message[1]), cap), False
    return "FAIL", True


def valid_outcome(text):
    return (text == "pass" or text == "FAIL" or text.startswith("FAIL: ")
            or (text.startswith("ERROR:") and len(text) > 6))
