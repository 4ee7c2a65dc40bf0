#!/usr/bin/python3
"""Flattens gesture-demo's JSON Lines (docs/json-schema.md) for the shell expectations.

Prints one line per JSON object, 20 space-separated columns ("-" when absent):

   1 type         gesture | device_added | device_removed
   2 recognizer   tap, double-tap, pan, swipe-3f, ... ("-" on device lines)
   3 state        began, changed, ended, cancelled, failed, recognized
   4 fingers
   5 node         /dev/input/eventN
   6 time         seconds (device clock)
   7 loc_x        location, points
   8 loc_y
   9 tr_x         translation, points (pan, edge-pan)
  10 tr_y
  11 scale        (pinch)
  12 rotation     radians, clockwise positive (rotation)
  13 direction    (swipe)
  14 edge         (edge-pan)
  15 kind         recognizer kind, or the device kind on device_added
  16 device       the device name, spaces as "_"
  17 width_mm     the sensor's width (device_added, when it has a resolution)
  18 corner       (edge-pan from a corner zone)
  19 contact_size what the device tells of contact sizes (device_added)
  20 reason       why it failed or was cancelled, spaces as "_"

A line that is not a JSON object prints "INVALID <line number>".
"""
import json
import sys


def text(v):
    if v is None or v == "":
        return "-"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "%.6g" % v
    return str(v).replace(" ", "_")


def xy(obj, key):
    v = obj.get(key)
    if not isinstance(v, dict):
        return ["-", "-"]
    return [text(v.get("x")), text(v.get("y"))]


def main(path):
    with open(path, errors="replace") as f:
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
            cols = [text(obj.get(k)) for k in ("type", "recognizer", "state", "fingers", "node", "time")]
            cols += xy(obj, "location") + xy(obj, "translation")
            cols += [text(obj.get(k)) for k in ("scale", "rotation", "direction", "edge", "kind", "device", "width_mm")]
            cols += [text(obj.get(k)) for k in ("corner", "contact_size", "reason")]
            print(" ".join(cols))


if __name__ == "__main__":
    main(sys.argv[1])
