# The probe helper of @execret/generate's copy verification (propagated-bug pools). `src/bug-copies/probe-jobs.ts`
# appends this file, from the first `def` on, to the code of a probe job, followed by one configuration line
#     __execret_copy_config = ('<function name>', <the original's source, or None>, <steps per call>, <ms per call>)
# and writes one test per probe input: `assert __execret_copy_runs(lambda: (<args>, <kwargs>))` (the original
# alone: does it finish, within the steps and, outcome included, the milliseconds?) or `assert __execret_copy_agree(lambda: (<args>, <kwargs>))` (the copy, whose code the
# job runs, against the original, executed from its source into a namespace of its own: same outcome?).
# An outcome is what the call returned (a canonical text of the value: sets and dicts order-free, memory addresses
# removed) or the type of what it raised, plus the canonical text of the arguments after the call (in-place
# changes count); a call that passes `steps` trace events (calls, lines, returns) is cut and its outcome is
# `budget`. The oracle runs every test on a fresh namespace, so nothing carries over between probes.


def __execret_copy_canon(value, depth):
    import re as _re
    import types as _types
    if depth > 12:
        return '...'
    t = type(value)
    if value is None or t is bool or t is str or t is bytes or t is complex:
        return t.__name__ + ':' + repr(value)
    if t is int:
        try:
            return 'int:' + repr(value)
        except ValueError:  # beyond the digit limit of int -> str
            return 'int:0x%x' % value
    if t is float:
        return 'float:' + ('nan' if value != value else repr(value))
    name = t.__name__
    if isinstance(value, (list, tuple)):
        return name + '[' + ', '.join(__execret_copy_canon(x, depth + 1) for x in value) + ']'
    if isinstance(value, (set, frozenset)):
        return name + '{' + ', '.join(sorted(__execret_copy_canon(x, depth + 1) for x in value)) + '}'
    if isinstance(value, dict):
        items = sorted(__execret_copy_canon(k, depth + 1) + ': ' + __execret_copy_canon(v, depth + 1)
                       for k, v in value.items())
        return name + '{' + ', '.join(items) + '}'
    if isinstance(value, (_types.GeneratorType, map, filter, zip, reversed, enumerate)):
        items = []
        for x in value:
            if len(items) >= 10000:
                items.append('...')
                break
            items.append(__execret_copy_canon(x, depth + 1))
        return name + '<' + ', '.join(items) + '>'
    try:
        text = repr(value)
    except Exception:
        text = '?'
    return name + ':' + _re.sub(r' at 0x[0-9a-fA-F]+', '', text)


def __execret_copy_outcome(fn, make, steps):
    import sys as _sys

    class _Budget(BaseException):
        pass

    count = [0]

    def tracer(frame, event, arg):
        count[0] += 1
        if count[0] > steps:
            raise _Budget()
        return tracer

    args, kwargs = make()
    previous = _sys.gettrace()
    _sys.settrace(tracer)
    try:
        value = fn(*args, **kwargs)
        kind = 'value'
    except _Budget:
        return ('budget', '', '')
    except RecursionError:
        value, kind = 'RecursionError', 'raised'
    except BaseException as exc:  # what the call raised is its outcome
        value, kind = type(exc).__name__, 'raised'
    finally:
        _sys.settrace(previous)
    if count[0] > steps:
        return ('budget', '', '')
    shown = value if kind == 'raised' else __execret_copy_canon(value, 0)
    return (kind, shown, __execret_copy_canon((args, kwargs), 0))


def __execret_copy_original():
    config = globals().get('__execret_copy_config')
    namespace = {'__name__': '__main__'}
    exec(compile(config[1], '<original>', 'exec'), namespace)
    return namespace[config[0]]


def __execret_copy_runs(make):
    import time as _time
    config = globals().get('__execret_copy_config')
    started = _time.perf_counter()
    kind = __execret_copy_outcome(globals()[config[0]], make, config[2])[0]
    return kind != 'budget' and (_time.perf_counter() - started) * 1000 <= config[3]


def __execret_copy_agree(make):
    config = globals().get('__execret_copy_config')
    original = __execret_copy_outcome(__execret_copy_original(), make, config[2])
    copy = __execret_copy_outcome(globals()[config[0]], make, config[2])
    return original == copy
