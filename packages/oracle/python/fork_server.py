"""Entry point of an execret fork server: ``python -I <this file> <settings-json>``.

Node starts it by path (never with ``-c``), with this directory open as a descriptor, so the path is
``/proc/self/fd/<n>/fork_server.py`` and works inside a bubblewrap sandbox that does not show this
package at all. Isolated mode (``-I``) leaves the script's directory off ``sys.path``: the package
``execret_fork_server`` next to this file is imported explicitly, without writing bytecode caches, and the
directory is taken off ``sys.path`` again so that nothing a snippet imports can come from here.

See ``execret_fork_server/__init__.py`` for the three kinds of process that run this code.
"""
import os
import sys


def _load_package():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    writes_bytecode = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        from execret_fork_server import config, judge
    finally:
        sys.dont_write_bytecode = writes_bytecode
        sys.path.remove(here)
    if here.startswith("/proc/self/fd/"):
        # Every module is loaded: the descriptor Node passed is not needed any more (nor inherited).
        os.close(int(here[len("/proc/self/fd/"):]))
    return config, judge


def main():
    config, judge = _load_package()
    config.setup(sys.argv[1])
    if os.getpid() == config.SERVER_PID:
        judge.serve()


main()
