"""The protocol every command script of this directory speaks with ``src/python.ts``: one JSON request on
stdin (``{"command": ..., ...}``), one JSON answer on stdout. ``version`` is answered here for every script;
an unknown command exits non-zero naming the ones the script knows.

A script imports it after putting its own directory first on ``sys.path`` (it runs as
``python -I -S <script>``, which leaves that directory off)."""
import json
import sys


def serve(commands):
    """Answers the request on stdin: ``commands`` maps a command name to a function of the request that
    returns the ``results`` list."""
    request = json.loads(sys.stdin.read())
    command = request.get("command")
    if command == "version":
        response = {"python": sys.version.split()[0]}
    elif command in commands:
        response = {"results": commands[command](request)}
    else:
        raise SystemExit("unknown command %r; expected %s or version" % (command, ", ".join(sorted(commands))))
    sys.stdout.write(json.dumps(response, ensure_ascii=False))
