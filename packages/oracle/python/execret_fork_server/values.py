"""The judge's side of a reported value: rebuilding tagged JSON (no eval, no pickle) into objects of the
judge's own types, and deciding a split test's outcome from them with Python's own operators.

A value is rebuilt as

- exact built-in data (None, bool, int, float, complex, str, bytes, bytearray, list, tuple, set,
  frozenset, dict, nested): what it is;
- a few standard-library types, rebuilt as real ones from their fields (collections.Counter,
  OrderedDict, defaultdict, deque, fractions.Fraction, decimal.Decimal, datetime's date, time, datetime,
  timedelta and timezone, range, dict views);
- an instance of a subclass of a built-in type (a namedtuple, an IntEnum member, a str subclass): an
  instance of a class the judge makes, with the same name and the same built-in base, holding the base
  value, so that it compares, hashes and answers truth and membership exactly like the original, which
  inherited all of that from the base;
- any other object: an instance of a class the judge makes, with the same name and nothing else, so that
  it compares by identity like the original (never equal to a literal, ordering raises the same
  TypeError);

and, in both made-up cases, with a trap in place of every comparison, hashing, truth or membership method
the original class defines itself (``common.SEMANTIC``). A trap raises ``NeedsChild``: deciding that test
would run the snippet's own code, which the judge never does, so the test is ``ERROR:Unjudgeable``
instead of a verdict the snippet could have chosen. A value beyond the limits is reported by its exact
type and length only ("L"), which decides == and != against a literal of another length and truthiness.
"""
import json
import time

from .common import ASSERTION_ERROR, MAX_VALUE_DEPTH, MAX_VALUE_HASHED, SEMANTIC, describe
from .plan import MAX_CONST_BITS, compare


class BadReport(Exception):
    """A reported value is malformed: the channel was tampered with."""


class TooBig(Exception):
    """A reported value exceeds what the judge rebuilds per job."""


class TooCostly(Exception):
    """Rebuilding a reported value would take the judge more arithmetic or time than it spends on a job: an
    integer field of a value whose construction does arithmetic on it (a Fraction's gcd, a range's length)
    wider than MAX_ARITH_BITS, a Decimal longer than MAX_DECIMAL_CHARS, or the job's rebuilding time spent.
    The test is ``ERROR:Unjudgeable`` (never a pass), and the judge stays responsive for the job's other
    tests and the next job."""


class NeedsChild(BaseException):
    """Deciding the test needs a method of the tested value's own class: untrusted code, which only a
    sandboxed child may run. A BaseException, so that no ``except Exception`` on the way swallows it."""


SEMANTIC_SET = frozenset(SEMANTIC)
BASES = {"i": int, "f": float, "c": complex, "s": str, "b": bytes, "B": bytearray, "l": list, "t": tuple,
         "S": set, "Z": frozenset, "d": dict}
# Classes the judge made, by (base, name, traps, hash state); per job at most MAX_JOB_CLASSES new ones.
CLASSES = {}
MAX_CLASSES = 512
MAX_JOB_CLASSES = 64
MAX_NAME = 200
SIZE_TAGS = {"l": list, "t": tuple, "s": str, "b": bytes, "B": bytearray, "S": set, "Z": frozenset, "d": dict}
UNJUDGEABLE_DATA = "ERROR:Unjudgeable: the tested value could not be reported as data (beyond the limits)"
UNJUDGEABLE_COST = "ERROR:Unjudgeable: rebuilding the tested value needs more arithmetic or time than the judge spends"
# Integer fields the judge does arithmetic on while rebuilding (a Fraction's parts, a range's bounds) are at
# most this wide, as expected values are (plan.MAX_CONST_BITS): a gcd or a division of such numbers takes
# microseconds, of megabit ones seconds.
MAX_ARITH_BITS = MAX_CONST_BITS
MAX_DECIMAL_CHARS = 10000
# A length in a size report ("L") has at most this many decimal digits (int() of a long string is quadratic).
MAX_LENGTH_DIGITS = 19
# Nodes rebuilt between two looks at the clock.
CLOCK_EVERY = 256
UNJUDGEABLE_SIZE = "ERROR:Unjudgeable: the tested value is beyond the limits, and its type and length do not decide the test"


def trap(name):
    def method(self, *args, **kwargs):
        raise NeedsChild(name)
    method.__name__ = name
    return method


def made_class(base, name, traps, hash_state, budget):
    """The judge's stand-in for a class of the snippet (see the module's docstring)."""
    key = (base, name, traps, hash_state)
    cls = CLASSES.get(key)
    if cls is not None:
        return cls
    budget[1] -= 1
    if budget[1] < 0:
        raise TooBig()
    ns = {"__slots__": ()}
    for method in traps.split():
        if method == "buffer":
            if base is object:
                ns.setdefault("__index__", trap("buffer"))
        elif method in SEMANTIC_SET:
            ns[method] = trap(method)
        else:
            raise BadReport()
    if hash_state == "1":
        ns["__hash__"] = None
    elif hash_state == "2":
        ns["__hash__"] = trap("__hash__")
    elif hash_state == "0":
        ns["__hash__"] = base.__hash__  # also when an __eq__ trap would otherwise make it None
    else:
        raise BadReport()
    try:
        cls = type(name, (base,), ns)
    except (TypeError, ValueError):
        raise BadReport()
    if len(CLASSES) >= MAX_CLASSES:
        CLASSES.clear()
    CLASSES[key] = cls
    return cls


class Sized:
    """Stands for a value beyond the limits, of which only the exact built-in type and length are known."""

    __slots__ = ("base", "length")

    def __init__(self, base, length):
        self.base = base
        self.length = length

    def __eq__(self, other):
        t = type(other)
        base = self.base
        same_kind = (t is base or (base in (set, frozenset) and t in (set, frozenset))
                     or (base in (bytes, bytearray) and t in (bytes, bytearray)))
        if same_kind:
            if len(other) != self.length:
                return False
            raise NeedsChild("size")
        if t in (type(None), bool, int, float, complex, str, bytes, bytearray, list, tuple, set, frozenset, dict):
            return False  # another built-in type: == is False whatever the contents
        raise NeedsChild("size")

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        if self.base in (list, set, dict, bytearray):
            raise TypeError("unhashable type: '%s'" % self.base.__name__)
        return 0

    def __bool__(self):
        return self.length > 0

    def __len__(self):
        return self.length


def new_budget(hashed, classes, deadline):
    """What the judge may spend rebuilding the values of one job: [set elements and dict keys left, classes
    left, the monotonic time by which rebuilding must be done, nodes until the next look at the clock]."""
    return [hashed, classes, deadline, CLOCK_EVERY]


def tick(budget):
    budget[3] -= 1
    if budget[3] <= 0:
        budget[3] = CLOCK_EVERY
        if time.monotonic() > budget[2]:
            raise TooCostly()


def arith_int(v):
    need(type(v) is int)
    if v.bit_length() > MAX_ARITH_BITS:
        raise TooCostly()
    return v


def rebuild(o, depth, budget):
    """The value a tagged-JSON report stands for, made only of the judge's own types. ``budget`` is the
    job's (see new_budget)."""
    if depth > MAX_VALUE_DEPTH + 2 or type(o) is not list or not o or type(o[0]) is not str:
        raise BadReport()
    tick(budget)
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
            built = set(items) if tag == "S" else frozenset(items)
            if len(built) != len(items):
                raise NeedsChild("__eq__")  # elements the child kept apart are equal for the judge
            return built
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
            if len(d) != n // 2:
                raise NeedsChild("__eq__")
            return d
        if tag in ("C", "O"):
            if (n != (5 if tag == "C" else 4) or type(o[1]) is not str or type(o[2]) is not str
                    or type(o[3]) is not str or len(o[1]) > MAX_NAME):
                raise BadReport()
            if tag == "O":
                return made_class(object, o[1], o[2], o[3], budget)()
            inner = o[4]
            if type(inner) is not list or not inner or BASES.get(inner[0]) is None:
                raise BadReport()
            base = BASES[inner[0]]
            value = rebuild(inner, depth + 1, budget)
            if type(value) is not base:
                raise BadReport()
            return made_class(base, o[1], o[2], o[3], budget)(value)
        if tag == "L":
            if n != 3 or type(o[1]) is not str or o[1] not in SIZE_TAGS or type(o[2]) is not str:
                raise BadReport()
            need(len(o[2]) <= MAX_LENGTH_DIGITS)
            length = int(o[2])
            if length < 0:
                raise BadReport()
            return Sized(SIZE_TAGS[o[1]], length)
        if tag == "X":
            if n < 2 or type(o[1]) is not str:
                raise BadReport()
            return rebuild_known(o[1], [rebuild(x, depth + 1, budget) for x in o[2:]], budget)
    except (ValueError, TypeError, OverflowError):
        raise BadReport()
    raise BadReport()


def need(condition):
    if not condition:
        raise BadReport()


def rebuild_known(kind, args, budget):
    """A real standard-library object from the fields the child reported (see child.enc_known)."""
    if kind in ("Counter", "OrderedDict", "defaultdict"):
        import collections
        need(len(args) % 2 == 0)
        budget[0] -= len(args) // 2
        if budget[0] < 0:
            raise TooBig()
        d = (collections.Counter() if kind == "Counter" else collections.OrderedDict() if kind == "OrderedDict"
             else collections.defaultdict(None))
        for i in range(0, len(args), 2):
            dict.__setitem__(d, args[i], args[i + 1])
        if len(d) != len(args) // 2:
            raise NeedsChild("__eq__")
        return d
    if kind == "deque":
        import collections
        need(len(args) >= 1 and (args[0] is None or (type(args[0]) is int and args[0] >= len(args) - 1)))
        return collections.deque(args[1:], args[0])
    if kind == "range":
        need(len(args) == 3)
        start, stop, step = (arith_int(a) for a in args)
        need(step != 0)
        return range(start, stop, step)
    if kind in ("dict_keys", "dict_values", "dict_items"):
        budget[0] -= len(args)
        if budget[0] < 0:
            raise TooBig()
        if kind == "dict_values":
            return dict(enumerate(args)).values()
        if kind == "dict_keys":
            d = dict.fromkeys(args)
        else:
            need(all(type(a) is tuple and len(a) == 2 for a in args))
            d = dict(args)
        if len(d) != len(args):
            raise NeedsChild("__eq__")
        return d.keys() if kind == "dict_keys" else d.items()
    if kind == "Fraction":
        import fractions
        need(len(args) == 2)
        numerator, denominator = arith_int(args[0]), arith_int(args[1])
        need(denominator > 0)
        return fractions.Fraction(numerator, denominator)
    if kind == "Decimal":
        import decimal
        need(len(args) == 1 and type(args[0]) is str)
        if len(args[0]) > MAX_DECIMAL_CHARS:
            raise TooCostly()
        return decimal.Decimal(args[0])
    import datetime
    tz_ok = (type(None), datetime.timezone)
    if kind == "date":
        need(len(args) == 3 and all(type(a) is int for a in args))
        return datetime.date(*args)
    if kind == "time":
        need(len(args) == 6 and all(type(a) is int for a in args[:4]) and type(args[5]) is int)
        if type(args[4]) not in tz_ok:
            raise NeedsChild("tzinfo")
        return datetime.time(*args[:4], tzinfo=args[4], fold=args[5])
    if kind == "datetime":
        need(len(args) == 9 and all(type(a) is int for a in args[:7]) and type(args[8]) is int)
        if type(args[7]) not in tz_ok:
            raise NeedsChild("tzinfo")
        return datetime.datetime(*args[:7], tzinfo=args[7], fold=args[8])
    if kind == "timedelta":
        need(len(args) == 3 and all(type(a) is int for a in args))
        return datetime.timedelta(days=args[0], seconds=args[1], microseconds=args[2])
    if kind == "timezone":
        need(len(args) == 2 and type(args[0]) is datetime.timedelta and type(args[1]) in (type(None), str))
        return datetime.timezone(args[0]) if args[1] is None else datetime.timezone(args[0], args[1])
    raise BadReport()


def decode_value(text, budget):
    """The value of a value frame; raises BadReport (tampering), TooBig, TooCostly or NeedsChild."""
    if time.monotonic() > budget[2]:
        raise TooCostly()
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError, MemoryError):
        raise BadReport()
    try:
        return rebuild(obj, 0, budget)
    except (BadReport, TooBig, TooCostly, NeedsChild):
        raise
    except Exception:  # anything a constructor of the judge's own types refused
        raise BadReport()


def unjudgeable(trapped, cap):
    """The outcome of a split test that only the tested value's own code could decide."""
    if trapped == "size":
        return UNJUDGEABLE_SIZE
    what = {"tzinfo": "time zone", "buffer": "buffer"}.get(trapped, trapped)
    text = "the test needs the tested value's own %s, which only the sandboxed child may run" % what
    return "ERROR:Unjudgeable: " + text[:cap]


def verdict(judge, message, value, cap):
    """Outcome of a split test from its probe's value, with Python's operators on the judge's own objects.
    Returns (outcome, needs_message) where needs_message means 'FAIL, message to evaluate'."""
    kind = judge[0]
    if type(value) is Sized and not (kind == "truth" or (kind == "cmp" and judge[1] in ("Eq", "NotEq"))):
        return UNJUDGEABLE_SIZE, False
    try:
        if kind == "const":
            ok = judge[1]
        elif kind == "truth":
            ok = bool(value) if judge[1] else not value
        else:
            _k, op, expected, expected_left = judge
            ok = compare(op, expected, value) if expected_left else compare(op, value, expected)
            ok = bool(ok)
    except NeedsChild as trapped:
        return unjudgeable(str(trapped), cap), False
    except BaseException as exc:  # e.g. TypeError from '<' between int and str
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
