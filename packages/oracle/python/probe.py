"""Interpreter probe run once per createOracle (src/python.ts): ``python -I <this file>``.

Prints three lines for resolvePython (sys.executable, the version, whether os.fork exists), then, when it
can, one JSON line with what the interpreter uses, for the bubblewrap sandbox's file view
(src/sandbox-view.ts): its prefixes, sys.path, site-packages, zoneinfo.TZPATH and the files it has mapped
after ``import ctypes`` (which the fork server needs too): its shared libraries.
"""
import os
import sys

print(sys.executable)
print("%d.%d.%d" % sys.version_info[:3])
print(int(hasattr(os, "fork")))
sys.stdout.flush()


def footprint():
    __import__("ctypes")  # mapped as in a fork server, so that its libraries are listed
    import json
    import site
    try:
        import zoneinfo
        tzpath = list(zoneinfo.TZPATH)
    except Exception:
        tzpath = []
    try:
        sites = list(site.getsitepackages())
    except Exception:
        sites = []
    libraries = set()
    with open("/proc/self/maps") as f:
        for line in f:
            fields = line.split(None, 5)
            if len(fields) == 6 and fields[5].startswith("/") and not fields[5].rstrip().endswith("(deleted)"):
                libraries.add(fields[5].rstrip("\n"))
    print(json.dumps({"executable": sys.executable,
                      "prefixes": [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix],
                      "path": sys.path, "site": sites, "tzpath": tzpath, "libraries": sorted(libraries)}))


try:
    footprint()
except Exception:
    pass
