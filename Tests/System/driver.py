#!/usr/bin/python3
"""GestureKit's virtual touch hardware for the system tests.

Creates multitouch devices through /dev/uinput (a touchscreen and a touchpad
that libinput accepts) and plays scripted gestures on them in real time, one
frame every 8-12 ms, like a real digitizer. The kernel stamps every event, so
readers see ordinary evdev timestamps.

Usage: driver.py --run-dir DIR SCENARIO      play one scenario, then exit
       driver.py --serve DIR                 play scenarios on request (see below)
       driver.py --list                      print the scenario names

Handshake with whoever reads the devices (libinput ignores a touch that is
already down when it opens a device, so nothing is played before the reader
has the device):
  1. after creating the devices of phase N the driver writes DIR/devices.N,
     one line per device: "<devnode> <kind> <name>" (written atomically);
  2. the orchestrator makes sure the reader has seen every listed device, then
     creates DIR/go.N;
  3. the driver waits for DIR/go.N (30 s at most, then exits with status 3)
     and plays.
Phase numbers start at 1; a scenario that plugs in new devices while running
(hotplug, re-plug after an unplug) has a phase per batch of new devices.

Serving (saves starting Python for every scenario, which is slow under TCG): the
driver waits for DIR/request holding "SCENARIO RUN_DIR" (written atomically),
removes it, plays the scenario with RUN_DIR as handshake folder and its log in
RUN_DIR/driver.log, unplugs every device the scenario left, and writes the exit
status to RUN_DIR/driver.rc (0 played, 1 error, 3 handshake timeout). A request
"quit" ends it; so does 300 s without requests.
"""

import argparse
import math
import os
import random
import sys
import time

import libevdev
from libevdev import EV_ABS, EV_KEY, EV_SYN, INPUT_PROP_BUTTONPAD, INPUT_PROP_DIRECT, \
    INPUT_PROP_POINTER, InputAbsInfo, InputEvent

BUS_I2C = 0x18
BUS_USB = 0x03
# The guest waits GK_READY_TIMEOUT s for the readers; the driver waits 10 s longer for its go.
GO_TIMEOUT = float(os.environ.get("GK_READY_TIMEOUT", "20")) + 10.0
# Before unplugging what a scenario left: evdev refuses to hand a reader the events
# still queued for a device that is gone (read() says ENODEV), so a reader lagging
# behind (two readers and the driver share 2 emulated CPUs) would lose the gesture's
# end. Measured: libinput debug-events 99 ms behind, losing a TOUCH_UP with a 50 ms beat.
UNPLUG_BEAT = 0.5


LOG = sys.stdout


def log(msg):
    LOG.write("driver: " + msg + "\n")
    LOG.flush()


class HandshakeTimeout(Exception):
    pass


LIVE_DEVICES = []


# --------------------------------------------------------------------------- devices

class TouchDevice:
    """A protocol-B multitouch device. Positions are given in mm."""

    def __init__(self, kind, name, width_units, height_units, res, slots, direct, bustype, product, extra=()):
        self.kind = kind
        self.name = name
        self.res = res
        self.width_units = width_units
        self.height_units = height_units
        self.slots = slots
        self.direct = direct
        t0 = time.monotonic()
        d = libevdev.Device()
        d.name = name
        d.id = {"bustype": bustype, "vendor": 0x1d6b, "product": product, "version": 1}
        if direct:
            d.enable(INPUT_PROP_DIRECT)
        else:
            d.enable(INPUT_PROP_POINTER)
            d.enable(INPUT_PROP_BUTTONPAD)
            for code in (EV_KEY.BTN_LEFT, EV_KEY.BTN_TOOL_FINGER, EV_KEY.BTN_TOOL_DOUBLETAP,
                         EV_KEY.BTN_TOOL_TRIPLETAP, EV_KEY.BTN_TOOL_QUADTAP):
                d.enable(code)
        d.enable(EV_KEY.BTN_TOUCH)
        xinfo = InputAbsInfo(minimum=0, maximum=width_units - 1, resolution=res)
        yinfo = InputAbsInfo(minimum=0, maximum=height_units - 1, resolution=res)
        d.enable(EV_ABS.ABS_X, xinfo)
        d.enable(EV_ABS.ABS_Y, yinfo)
        d.enable(EV_ABS.ABS_MT_SLOT, InputAbsInfo(minimum=0, maximum=slots - 1))
        d.enable(EV_ABS.ABS_MT_TRACKING_ID, InputAbsInfo(minimum=0, maximum=65535))
        d.enable(EV_ABS.ABS_MT_POSITION_X, xinfo)
        d.enable(EV_ABS.ABS_MT_POSITION_Y, yinfo)
        for code, info in extra:
            d.enable(code, info)
        self.dev = d.create_uinput_device()
        self.devnode = self.dev.devnode
        self.next_tracking_id = 1
        LIVE_DEVICES.append(self)
        log("created %s '%s' at %s (%dx%d units, %d units/mm, %d slots) in %d ms"
            % (kind, name, self.devnode, width_units, height_units, res, slots,
               (time.monotonic() - t0) * 1000))

    def units(self, mm_x, mm_y):
        x = min(max(int(round(mm_x * self.res)), 0), self.width_units - 1)
        y = min(max(int(round(mm_y * self.res)), 0), self.height_units - 1)
        return x, y

    def send(self, events):
        self.dev.send_events(events + [InputEvent(EV_SYN.SYN_REPORT, 0)])

    def destroy(self):
        log("unplugging '%s' (%s)" % (self.name, self.devnode))
        # Dropping the last reference destroys the uinput device (libevdev_uinput_destroy).
        self.dev._uinput = None
        self.dev = None
        LIVE_DEVICES.remove(self)


def touchscreen(name="GestureKit Test Touchscreen", product=0x0001):
    # 1920x1080 units at 8 units/mm: a 240x135 mm (~11") panel.
    return TouchDevice("touchscreen", name, 1920, 1080, 8, 10, True, BUS_USB, product)


def touchpad(name="GestureKit Test Touchpad", product=0x0002):
    # 1200x800 units at 12 units/mm: a 100x67 mm clickpad.
    return TouchDevice("touchpad", name, 1200, 800, 12, 5, False, BUS_I2C, product)


MT_TOOL_FINGER = 0
MT_TOOL_PALM = 2


def sized_touchscreen(name="GestureKit Test Touchscreen (contact size)", product=0x0005):
    # The test touchscreen that also reports each contact's size and tool, as many
    # panels do: ABS_MT_TOUCH_MAJOR in position units (8 per mm), ABS_MT_TOOL_TYPE
    # finger / pen / palm.
    extra = [(EV_ABS.ABS_MT_TOUCH_MAJOR, InputAbsInfo(minimum=0, maximum=1919)),
             (EV_ABS.ABS_MT_TOOL_TYPE, InputAbsInfo(minimum=0, maximum=MT_TOOL_PALM))]
    return TouchDevice("touchscreen", name, 1920, 1080, 8, 10, True, BUS_USB, product, extra)


# --------------------------------------------------------------------------- gestures

class Finger:
    """One contact: down at t_down, up at t_up (seconds from the gesture's start),
    at path(t) -> (x_mm, y_mm) in between."""

    def __init__(self, t_down, t_up, path):
        self.t_down = t_down
        self.t_up = t_up
        self.path = path


def still(x, y):
    return lambda t: (x, y)


def ease(u):
    u = min(max(u, 0.0), 1.0)
    return u * u * (3 - 2 * u)   # smoothstep: starts and ends gently, like a hand


def line(x0, y0, x1, y1, t0, t1):
    def path(t):
        u = ease((t - t0) / (t1 - t0))
        return x0 + (x1 - x0) * u, y0 + (y1 - y0) * u
    return path


def polar(cx, cy, r0, r1, a0, a1, t0, t1):
    """Position on a circle around (cx, cy): radius r0->r1, angle a0->a1 (degrees)."""
    def path(t):
        u = ease((t - t0) / (t1 - t0))
        r = r0 + (r1 - r0) * u
        a = math.radians(a0 + (a1 - a0) * u)
        return cx + r * math.cos(a), cy + r * math.sin(a)
    return path


class Player:
    """Turns a list of Fingers into evdev frames and sends them in real time."""

    def __init__(self, seed=1):
        self.rng = random.Random(seed)

    def frame_times(self, fingers, until):
        end = max(f.t_up for f in fingers)
        if until is not None:
            end = min(end, until)
        times = set()
        t = 0.0
        while t <= end:
            times.add(round(t, 4))
            t += self.rng.uniform(0.008, 0.012)
        for f in fingers:
            for edge in (f.t_down, f.t_up):
                if edge <= end:
                    times.add(round(edge, 4))
        return sorted(times)

    def play(self, dev, fingers, label, until=None):
        """Plays the gesture; with until, stops after that many seconds with the
        fingers still down (for unplugging mid-gesture)."""
        times = self.frame_times(fingers, until)
        slot_of = {}          # finger index -> slot
        last_pos = {}         # slot -> (x, y) in units
        free = list(range(dev.slots))
        current_slot = None
        down_count = 0
        frames = 0
        start = time.monotonic()
        for t in times:
            delay = start + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            ev = []
            before = down_count
            for i, f in enumerate(fingers):
                active = f.t_down <= t < f.t_up
                if active and i not in slot_of:
                    slot = free.pop(0)
                    slot_of[i] = slot
                    x, y = dev.units(*f.path(t))
                    if current_slot != slot:
                        ev.append(InputEvent(EV_ABS.ABS_MT_SLOT, slot))
                        current_slot = slot
                    ev.append(InputEvent(EV_ABS.ABS_MT_TRACKING_ID, dev.next_tracking_id))
                    dev.next_tracking_id += 1
                    ev.append(InputEvent(EV_ABS.ABS_MT_POSITION_X, x))
                    ev.append(InputEvent(EV_ABS.ABS_MT_POSITION_Y, y))
                    last_pos[slot] = (x, y)
                    down_count += 1
                elif active:
                    slot = slot_of[i]
                    x, y = dev.units(*f.path(t))
                    ox, oy = last_pos[slot]
                    if (x, y) != (ox, oy):
                        if current_slot != slot:
                            ev.append(InputEvent(EV_ABS.ABS_MT_SLOT, slot))
                            current_slot = slot
                        if x != ox:
                            ev.append(InputEvent(EV_ABS.ABS_MT_POSITION_X, x))
                        if y != oy:
                            ev.append(InputEvent(EV_ABS.ABS_MT_POSITION_Y, y))
                        last_pos[slot] = (x, y)
                elif i in slot_of and t >= f.t_up:
                    slot = slot_of.pop(i)
                    if current_slot != slot:
                        ev.append(InputEvent(EV_ABS.ABS_MT_SLOT, slot))
                        current_slot = slot
                    ev.append(InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1))
                    del last_pos[slot]
                    free.append(slot)
                    free.sort()
                    down_count -= 1
            if not ev:
                continue
            if down_count != before:
                ev += self.count_events(dev, before, down_count)
            if last_pos:
                # Single-touch emulation follows the lowest active slot.
                x, y = last_pos[min(last_pos)]
                ev.append(InputEvent(EV_ABS.ABS_X, x))
                ev.append(InputEvent(EV_ABS.ABS_Y, y))
            dev.send(ev)
            frames += 1
        log("played %s on %s: %d frames in %.2f s%s"
            % (label, dev.devnode, frames, time.monotonic() - start,
               " (stopped with %d finger(s) down)" % down_count if down_count else ""))

    @staticmethod
    def count_events(dev, before, after):
        ev = []
        if (before == 0) != (after == 0):
            ev.append(InputEvent(EV_KEY.BTN_TOUCH, 1 if after else 0))
        if not dev.direct:
            tools = [EV_KEY.BTN_TOOL_FINGER, EV_KEY.BTN_TOOL_DOUBLETAP,
                     EV_KEY.BTN_TOOL_TRIPLETAP, EV_KEY.BTN_TOOL_QUADTAP]
            old = tools[min(before, 4) - 1] if before else None
            new = tools[min(after, 4) - 1] if after else None
            if old != new:
                if old is not None:
                    ev.append(InputEvent(old, 0))
                if new is not None:
                    ev.append(InputEvent(new, 1))
        return ev


# Touchscreen: 240 x 135 mm, centre (120, 67.5).
def g_tap(x=120.0, y=67.5, t=0.0, hold=0.09):
    return [Finger(t, t + hold, still(x, y))]


def g_double_tap():
    return g_tap(t=0.0) + [Finger(0.24, 0.33, still(120.1, 67.5))]


def g_long_press():
    return [Finger(0.0, 0.80, still(120.0, 67.5))]


def g_pan(duration=0.5):
    return [Finger(0.0, duration + 0.03, line(60, 70, 140, 70, 0.02, duration))]


def g_pinch(d0, d1):
    # Two fingers on a line through the centre at 30 degrees, spread d0 -> d1 mm.
    return [Finger(0.0, 0.56, polar(120, 67.5, d0 / 2, d1 / 2, 30, 30, 0.03, 0.53)),
            Finger(0.01, 0.56, polar(120, 67.5, d0 / 2, d1 / 2, 210, 210, 0.03, 0.53))]


def g_rotate():
    # Two fingers 60 mm apart turning 90 degrees clockwise on screen around the centre.
    return [Finger(0.0, 0.76, polar(120, 67.5, 30, 30, 0, 90, 0.03, 0.73)),
            Finger(0.01, 0.76, polar(120, 67.5, 30, 30, 180, 270, 0.03, 0.73))]


def g_edge_swipe():
    # Lands 1 mm from the left edge and swipes 80 mm inwards.
    return [Finger(0.0, 0.33, line(1.0, 67.5, 81.0, 67.5, 0.0, 0.30))]


def g_ts_three_finger_swipe():
    return [Finger(0.00 + 0.01 * i, 0.46, line(90 + 30 * i, 100, 90 + 30 * i, 40, 0.03, 0.43))
            for i in range(3)]


# Touchpad: 100 x 66.7 mm.
def g_tp_swipe(direction):
    # Three fingers 10 mm apart move 33 mm sideways (direction -1 left, +1 right).
    x0 = 55.0 if direction < 0 else 12.0
    return [Finger(0.00 + 0.005 * i, 0.45,
                   line(x0 + 10 * i, 33, x0 + 10 * i + 33 * direction, 33, 0.04, 0.42))
            for i in range(3)]


def g_tp_pinch():
    # Fingers land 16 mm apart and spread to 44 mm.
    return [Finger(0.0, 0.50, line(42, 33, 28, 33, 0.04, 0.46)),
            Finger(0.005, 0.50, line(58, 33, 72, 33, 0.04, 0.46))]


def g_tp_scroll():
    # Two fingers 20 mm apart move 30 mm down together: libinput's two-finger scrolling.
    return [Finger(0.00 + 0.005 * i, 0.60, line(40 + 20 * i, 15, 40 + 20 * i, 45, 0.04, 0.54))
            for i in range(2)]


def g_tp_hold():
    # Two fingers resting 1 s without moving: libinput's hold begins within ~0.2 s,
    # GestureKit's hold recognizers want 0.5 s of it. Both land in one frame: landed 5 ms
    # apart, a guest that stalled between the two frames (TCG on a busy host) let libinput
    # begin a 1-finger hold and cancel it 174 ms later, and no 2-finger hold followed.
    return [Finger(0.0, 1.00, still(42, 33)), Finger(0.0, 1.00, still(58, 33))]


# Rotated output (--rotation 90: the sensor's right edge is the screen's bottom, its
# bottom-left corner the screen's top-left; screen x = 135 - sensor y, y = sensor x).
def g_rot90_bottom_edge_swipe():
    # Three fingers 27.5 mm apart land 3 mm from the sensor's right edge (the screen's
    # bottom) and move 60 mm towards its left (up the screen).
    return [Finger(0.00 + 0.01 * i, 0.46, line(237, 40 + 27.5 * i, 177, 40 + 27.5 * i, 0.03, 0.43))
            for i in range(3)]


def g_rot90_corner_pan():
    # One finger lands 4 mm from the sensor's left and bottom edges (4 mm from the
    # screen's left and top) and moves 50 mm along both axes, diagonally into the screen.
    return [Finger(0.0, 0.43, line(4, 131, 54, 81, 0.03, 0.40))]


def sized_contact(slot, t_down, t_up, path, size, tool=lambda t: MT_TOOL_FINGER):
    """A contact for play_sized on SLOT: every 10 ms from t_down, its position
    (path(t), mm), major axis (size(t), mm) and tool (tool(t)); it lifts at t_up."""
    samples = []
    t = t_down
    while t < t_up - 1e-6:
        x, y = path(t)
        samples.append((round(t, 4), x, y, size(t), tool(t)))
        t += 0.01
    return slot, samples, t_up


def play_sized(dev, contacts, label):
    """Plays contacts with ABS_MT_TOUCH_MAJOR and ABS_MT_TOOL_TYPE; what happens at
    the same time goes out in one frame. Per slot a frame carries only what changed
    (a contact that changes nothing sends nothing, as on real hardware), and a new
    contact's ABS_MT_TRACKING_ID comes before its ABS_MT_TOOL_TYPE, the order of the
    kernel's input_mt_report_slot_state()."""
    timeline = {}   # time -> [(slot, sample or None for a lift, first)]
    for slot, samples, t_up in contacts:
        for i, sample in enumerate(samples):
            timeline.setdefault(sample[0], []).append((slot, sample, i == 0))
        timeline.setdefault(round(t_up, 4), []).append((slot, None, False))
    last = {}       # slot -> {code: value}
    down = set()
    start = time.monotonic()
    frames = 0
    for t in sorted(timeline):
        ev = []
        before = len(down)
        for slot, sample, first in timeline[t]:
            slot_ev = []
            if sample is None:
                slot_ev.append(InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1))
                down.discard(slot)
            else:
                _, x, y, major, tool = sample
                ux, uy = dev.units(x, y)
                values = [(EV_ABS.ABS_MT_TOOL_TYPE, tool), (EV_ABS.ABS_MT_POSITION_X, ux),
                          (EV_ABS.ABS_MT_POSITION_Y, uy),
                          (EV_ABS.ABS_MT_TOUCH_MAJOR, int(round(major * dev.res)))]
                if first:
                    slot_ev.append(InputEvent(EV_ABS.ABS_MT_TRACKING_ID, dev.next_tracking_id))
                    dev.next_tracking_id += 1
                    last[slot] = {}
                    down.add(slot)
                slot_ev += [InputEvent(code, v) for code, v in values if last[slot].get(code) != v]
                last[slot].update(values)
            if slot_ev:
                ev += [InputEvent(EV_ABS.ABS_MT_SLOT, slot)] + slot_ev
        if not ev:
            continue
        if (before == 0) != (len(down) == 0):
            ev.append(InputEvent(EV_KEY.BTN_TOUCH, 1 if down else 0))
        if down:
            ux, uy = last[min(down)][EV_ABS.ABS_MT_POSITION_X], last[min(down)][EV_ABS.ABS_MT_POSITION_Y]
            ev += [InputEvent(EV_ABS.ABS_X, ux), InputEvent(EV_ABS.ABS_Y, uy)]
        delay = start + t - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        dev.send(ev)
        frames += 1
    log("played %s on %s: %d frames in %.2f s" % (label, dev.devnode, frames, time.monotonic() - start))
    time.sleep(0.05)


def fixed(v):
    return lambda t: v


def switch_at(t_switch, before, after):
    return lambda t: before if t < t_switch else after


def g_palm_tool():
    # A. slot 0: a finger pans 40 mm right, turns into a palm (MT_TOOL_PALM, 45 mm) at
    #    0.45 s and rests there until 1.2 s;
    # B. slot 1: a finger taps at (180, 100) mm while the palm rests;
    # C. slot 0, once the palm has lifted: a tap at (120, 100) mm, the next touch in the
    #    palm's slot;
    # D. slot 0: a finger rests at (200, 60) mm for 100 ms (a tap so far), then turns
    #    into a palm and lifts.
    palm = switch_at(0.45, MT_TOOL_FINGER, MT_TOOL_PALM)
    return [sized_contact(0, 0.0, 1.2, line(40, 40, 80, 40, 0.03, 0.40), switch_at(0.45, 8.0, 45.0), palm),
            sized_contact(1, 0.7, 0.79, still(180, 100), fixed(8.0)),
            sized_contact(0, 1.6, 1.69, still(120, 100), fixed(8.0)),
            sized_contact(0, 2.1, 2.35, still(200, 60), switch_at(2.2, 8.0, 45.0),
                          switch_at(2.2, MT_TOOL_FINGER, MT_TOOL_PALM))]


def g_large_contact():
    # A 45 mm contact (the side of a hand) rests 100 ms and lifts; 0.6 s later a normal
    # 8 mm finger taps 120 mm to its right. Both say they are fingers.
    return [sized_contact(0, 0.0, 0.10, still(60, 67.5), fixed(45.0)),
            sized_contact(0, 0.70, 0.79, still(180, 67.5), fixed(8.0))]


# --------------------------------------------------------------------------- scenarios

class Run:
    def __init__(self, run_dir):
        self.run_dir = run_dir
        self.phase = 0
        self.player = Player()

    def ready(self, *devices):
        """Announces the devices of the next phase and waits for the go."""
        self.phase += 1
        path = os.path.join(self.run_dir, "devices.%d" % self.phase)
        with open(path + ".tmp", "w") as f:
            for d in devices:
                f.write("%s %s %s\n" % (d.devnode, d.kind, d.name))
        os.rename(path + ".tmp", path)
        go = os.path.join(self.run_dir, "go.%d" % self.phase)
        deadline = time.monotonic() + GO_TIMEOUT
        while not os.path.exists(go):
            if time.monotonic() > deadline:
                raise HandshakeTimeout("no %s after %.0f s: the reader never saw the devices"
                                       % (go, GO_TIMEOUT))
            time.sleep(0.02)

    def play(self, dev, fingers, label, until=None):
        self.player.play(dev, fingers, label, until)
        time.sleep(0.05)   # the last frame is not followed by anything; give readers a beat


def single(make_device, gesture, label):
    def scenario(run):
        dev = make_device()
        run.ready(dev)
        run.play(dev, gesture(), label)
    return scenario


def s_unplug(run):
    first = touchscreen()
    run.ready(first)
    run.play(first, g_pan(0.6), "pan (cut at 0.3 s)", until=0.3)
    first.destroy()
    time.sleep(0.2)
    second = touchscreen("GestureKit Test Touchscreen Replugged", product=0x0003)
    run.ready(second)
    run.play(second, g_tap(), "tap")


def s_hotplug(run):
    first = touchscreen()
    run.ready(first)
    run.play(first, g_tap(), "tap")
    second = touchscreen("GestureKit Test Touchscreen 2", product=0x0004)
    run.ready(second)
    run.play(second, g_tap(x=60, y=40), "tap")
    run.play(first, g_pan(), "pan")


def s_rot90_edges(run):
    dev = touchscreen()
    run.ready(dev)
    run.play(dev, g_rot90_bottom_edge_swipe(), "3-finger swipe from the sensor's right edge (screen bottom)")
    time.sleep(0.4)
    run.play(dev, g_rot90_corner_pan(), "1-finger pan from the sensor's bottom-left corner (screen top-left)")


def s_palm_tool(run):
    dev = sized_touchscreen()
    run.ready(dev)
    play_sized(dev, g_palm_tool(), "pan turning into a palm, a tap beside it, a tap in its slot, a rest turning into a palm")


def s_large_contact(run):
    # The kernel's own events are recorded with evemu-record while the readers watch;
    # the gesture-demo expectations replay the recording (the evdev path, which reads
    # ABS_MT_TOUCH_MAJOR) after the live run (the libinput path, which does not).
    import signal
    import subprocess
    dev = sized_touchscreen()
    path = os.path.join(run.run_dir, "kernel.evemu")
    with open(path, "w") as out:
        rec = subprocess.Popen(["stdbuf", "-oL", "evemu-record", dev.devnode], stdout=out,
                               stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + GO_TIMEOUT
        while not recording_started(path):
            if rec.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("evemu-record %s did not start (status %s)" % (dev.devnode, rec.poll()))
            time.sleep(0.02)
        run.ready(dev)
        play_sized(dev, g_large_contact(), "45 mm contact resting 100 ms, then an 8 mm tap")
        time.sleep(0.2)
    finally:
        rec.send_signal(signal.SIGINT)
        try:
            rec.wait(5)
        except subprocess.TimeoutExpired:
            rec.kill()
            rec.wait()
    log("evemu-record %s -> %s (%d lines)" % (dev.devnode, os.path.basename(path), sum(1 for _ in open(path))))


def recording_started(path):
    """evemu-record has described the device (its E: lines follow)."""
    try:
        with open(path) as f:
            return any(l.startswith("# Waiting for events") or l.startswith("A: 35") for l in f)
    except OSError:
        return False


SCENARIOS = {
    "ts-tap": single(touchscreen, g_tap, "tap"),
    "ts-double-tap": single(touchscreen, g_double_tap, "double tap"),
    "ts-long-press": single(touchscreen, g_long_press, "long press (800 ms)"),
    "ts-pan": single(touchscreen, g_pan, "1-finger pan (80 mm)"),
    "ts-pinch-in": single(touchscreen, lambda: g_pinch(80, 30), "pinch in (80 -> 30 mm)"),
    "ts-pinch-out": single(touchscreen, lambda: g_pinch(30, 80), "pinch out (30 -> 80 mm)"),
    "ts-rotate": single(touchscreen, g_rotate, "2-finger rotation (90 deg)"),
    "ts-edge-swipe": single(touchscreen, g_edge_swipe, "left-edge swipe"),
    "ts-3finger-swipe": single(touchscreen, g_ts_three_finger_swipe, "3-finger swipe up"),
    "tp-swipe-left": single(touchpad, lambda: g_tp_swipe(-1), "3-finger swipe left"),
    "tp-swipe-right": single(touchpad, lambda: g_tp_swipe(+1), "3-finger swipe right"),
    "tp-pinch": single(touchpad, g_tp_pinch, "2-finger pinch out (16 -> 44 mm)"),
    "tp-hold": single(touchpad, g_tp_hold, "2-finger hold (1 s)"),
    "tp-scroll": single(touchpad, g_tp_scroll, "2-finger scroll down (30 mm)"),
    "unplug-mid-pan": s_unplug,
    "hotplug-second-touchscreen": s_hotplug,
    # The same tap, read by gesture-demo as an unprivileged user through seatd (guest.sh).
    "seatd-tap": single(touchscreen, g_tap, "tap (reader unprivileged, devices from seatd)"),
    "ts-rot90-edges": s_rot90_edges,
    "ts-palm-tool": s_palm_tool,
    "ts-large-contact": s_large_contact,
}


def play_scenario(name, run_dir):
    """Plays one scenario and unplugs what it left; returns the exit status."""
    rc = 0
    try:
        log("scenario " + name)
        SCENARIOS[name](Run(run_dir))
    except HandshakeTimeout as e:
        log(str(e))
        rc = 3
    except Exception:
        import traceback
        LOG.write(traceback.format_exc())
        rc = 1
    if LIVE_DEVICES:
        time.sleep(UNPLUG_BEAT)
    for dev in list(LIVE_DEVICES):
        dev.dev._uinput = None   # unplug quietly: the scenario is over
        dev.dev = None
        LIVE_DEVICES.remove(dev)
    return rc


def serve(folder):
    global LOG
    request = os.path.join(folder, "request")
    idle_since = time.monotonic()
    while True:
        if not os.path.exists(request):
            if time.monotonic() - idle_since > 300:
                return 0
            time.sleep(0.01)
            continue
        with open(request) as f:
            words = f.read().split()
        os.unlink(request)
        if words == ["quit"]:
            return 0
        name, run_dir = words
        with open(os.path.join(run_dir, "driver.log"), "w") as LOG:
            if name in SCENARIOS:
                rc = play_scenario(name, run_dir)
            else:
                log("unknown scenario " + name)
                rc = 1
        LOG = sys.stdout
        with open(os.path.join(run_dir, "driver.rc.tmp"), "w") as f:
            f.write("%d\n" % rc)
        os.rename(os.path.join(run_dir, "driver.rc.tmp"), os.path.join(run_dir, "driver.rc"))
        idle_since = time.monotonic()


def main():
    ap = argparse.ArgumentParser(description="GestureKit virtual touch devices")
    ap.add_argument("--run-dir", help="handshake folder (devices.N / go.N)")
    ap.add_argument("--serve", metavar="DIR", help="play scenarios requested through DIR/request")
    ap.add_argument("--list", action="store_true", help="list scenarios")
    ap.add_argument("scenario", nargs="?")
    args = ap.parse_args()
    if args.list:
        print("\n".join(SCENARIOS))
        return 0
    if args.serve:
        return serve(args.serve)
    if args.scenario not in SCENARIOS or not args.run_dir:
        ap.error("need --run-dir and one of: " + ", ".join(SCENARIOS))
    return play_scenario(args.scenario, args.run_dir)


if __name__ == "__main__":
    sys.exit(main())
