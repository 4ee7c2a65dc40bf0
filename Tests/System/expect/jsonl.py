#!/usr/bin/python3
"""Flattens gesture-demo's JSON Lines for the shell expectations.

Prints one line per JSON object: TYPE RECOGNIZER STATE FINGERS DEVICE
(a "-" for a missing field), or "INVALID <line number>" for a line that is not
a JSON object. Field names: type, recognizer, state, fingers, device.
"""
import json
import sys


def field(obj, key):
    v = obj.get(key)
    if v is None or v == "":
        return "-"
    return str(v).replace(" ", "_")


with open(sys.argv[1], errors="replace") as f:
    for n, line in enumerate(f, 1):
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError
        except ValueError:
            print("INVALID %d" % n)
            continue
        print(" ".join(field(obj, k) for k in ("type", "recognizer", "state", "fingers", "device")))
