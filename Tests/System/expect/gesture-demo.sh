# Expectations for the gesture-demo reader: what GestureKit's recognizers (the
# demo graph of `gesture-demo live --json --verbose`, schema in
# docs/json-schema.md) must report for each scenario. Same calling convention as
# expect/libinput.sh ($1 reader output, $2 scenario folder); a scenario without an
# expect_<name> here FAILS, so nothing passes by omission.
#
# Positions: the reader maps touchscreens onto a 1920x1080-point output
# (--output-size, GD_OUTPUT_W/H below); points per millimetre are taken from the
# device_added line's width_mm (the driver's touchscreen: 240 mm -> 8 pt/mm).

GD_OUTPUT_W=1920
GD_OUTPUT_H=1080

# gd_load LOG DIR: flattens LOG once (expect/jsonl.py, 20 columns, see there) into
# GD (a file) and checks what every scenario needs: every line is JSON, every
# device the scenario plugged in was announced, and the reader ended cleanly.
gd_load() {
    local log=$1 dir=$2 bad f node
    GD=$dir/gesture-demo.flat
    /usr/bin/python3 "$GK_SYSTEM/expect/jsonl.py" "$log" >"$GD" || { fail "jsonl.py could not read $log"; return 1; }
    bad=$(awk '$1 == "INVALID" { printf "%s ", $2 }' "$GD")
    [ -z "$bad" ] || { fail "non-JSON output on line(s) $bad"; return 1; }
    for f in "$dir"/devices.*; do
        [ -f "$f" ] || continue
        for node in $(awk '{ print $1 }' "$f"); do
            awk -v n="$node" '$1 == "device_added" && $5 == n { found = 1 } END { exit !found }' "$GD" \
                || { fail "no device_added line for $node"; return 1; }
        done
    done
    if [ -f "$dir/gesture-demo.status" ] && ! grep -q '^exit 0 after SIGINT' "$dir/gesture-demo.status"; then
        fail "gesture-demo did not end cleanly on SIGINT: $(cat "$dir/gesture-demo.status")"; return 1
    fi
}

# gd_count RECOGNIZER STATE [NODE] -> number of such lines
gd_count() {
    awk -v r="$1" -v s="$2" -v n="${3:-}" '$1 == "gesture" && $2 == r && $3 == s && (n == "" || $5 == n) { c++ } END { print c + 0 }' "$GD"
}

# gd_get RECOGNIZER STATE COLUMN [first|last] -> a column of the first/last such line ("" if none)
gd_get() {
    awk -v r="$1" -v s="$2" -v c="$3" -v w="${4:-last}" '$1 == "gesture" && $2 == r && $3 == s { v = $c; if (w == "first" && !seen++) f = v }
        END { print (w == "first" ? f : v) }' "$GD"
}

# gd_states RECOGNIZER -> its states in order, without failures (they come with
# --verbose and belong to other touch sequences), space separated
gd_states() {
    awk -v r="$1" '$1 == "gesture" && $2 == r && $3 != "failed" { printf "%s%s", sep, $3; sep = " " } END { print "" }' "$GD"
}

# gd_trace -> every device line and every non-failed transition in order, as
# "device_added:event1 pan:began pan:cancelled device_removed:event1 ..."
gd_trace() {
    awk '$1 ~ /^device_/ { n = $5; sub(".*/", "", n); printf "%s%s:%s", sep, $1, n; sep = " " }
         $1 == "gesture" && $3 != "failed" { printf "%s%s:%s", sep, $2, $3; sep = " " } END { print "" }' "$GD"
}

gd_expect_states() {   # gd_expect_states RECOGNIZER GLOB-OF-STATES
    local got
    got=$(gd_states "$1")
    # shellcheck disable=SC2053
    [[ $got == $2 ]] || fail "$1: expected states '$2', got '${got:-none}'"
}

gd_none() {   # gd_none RECOGNIZER STATE...: none of these transitions happened
    local r=$1 s n
    shift
    for s in "$@"; do
        n=$(gd_count "$r" "$s")
        [ "$n" = 0 ] || { fail "$r $s $n time(s), expected never (trace: $(gd_trace))"; return 1; }
    done
}

# gd_ppm -> screen points per millimetre of the (first) touchscreen, from width_mm
gd_ppm() {
    awk -v o="$GD_OUTPUT_W" '$1 == "device_added" && $15 == "touchscreen" && $17 > 0 { printf "%.4f\n", o / $17; found = 1; exit }
        END { if (!found) print 0 }' "$GD"
}

# check "description" AWK-CONDITION VALUES... : evaluates the condition with v1..v6
check() {
    local what=$1 cond=$2 vals
    shift 2
    vals="$*"
    awk -v vals="$vals" "BEGIN { n = split(vals, v, \" \"); for (i = 1; i <= 6; i++) v[i] = v[i] + 0
        v1 = v[1]; v2 = v[2]; v3 = v[3]; v4 = v[4]; v5 = v[5]; v6 = v[6]; exit !($cond) }" \
        || fail "$what (got: $vals)"
}

gd_start() { GK_SCENARIO_DIR=$2; gd_load "$1" "$2"; }


# ---------------------------------------------------------------- touchscreen
expect_ts_tap() {
    gd_start "$@" || return 1
    [ "$(gd_count tap recognized)" = 1 ] || { fail "expected 1 tap recognized, got $(gd_count tap recognized) (trace: $(gd_trace))"; return 1; }
    check "tap: 1 finger at the screen centre (960, 540) +- 8 pt" \
        'v1 == 1 && v2 >= 952 && v2 <= 968 && v3 >= 532 && v3 <= 548' \
        "$(gd_get tap recognized 4) $(gd_get tap recognized 7) $(gd_get tap recognized 8)" || return 1
    gd_none double-tap recognized && gd_none long-press began && gd_none pan began
}

expect_ts_double_tap() {
    gd_start "$@" || return 1
    [ "$(gd_count double-tap recognized)" = 1 ] || { fail "expected 1 double-tap recognized, got $(gd_count double-tap recognized) (trace: $(gd_trace))"; return 1; }
    check "double-tap with 1 finger" 'v1 == 1' "$(gd_get double-tap recognized 4)" || return 1
    gd_none tap recognized && gd_none long-press began && gd_none pan began
}

expect_ts_long_press() {
    gd_start "$@" || return 1
    gd_expect_states long-press "began ended" || return 1
    # 800 ms press, 500 ms minimum: began 0.5 s after the touch, ended 0.3 s later (device clock)
    check "long press: 1 finger, ended 0.2..0.45 s after it began" 'v1 == 1 && v3 - v2 >= 0.2 && v3 - v2 <= 0.45' \
        "$(gd_get long-press began 4) $(gd_get long-press began 6) $(gd_get long-press ended 6)" || return 1
    gd_none tap recognized && gd_none double-tap recognized && gd_none pan began
}

expect_ts_pan() {
    gd_start "$@" || return 1
    gd_expect_states pan "began ended" || return 1
    local ppm
    ppm=$(gd_ppm)
    check "pan ended with translation 80 +- 3 mm right (x $ppm pt/mm), |y| < 1 mm, 1 finger" \
        "v3 > 0 && v1 >= 77 * v3 && v1 <= 83 * v3 && v2 < v3 && -v2 < v3 && v4 == 1" \
        "$(gd_get pan ended 9) $(gd_get pan ended 10) $ppm $(gd_get pan ended 4)" || return 1
    gd_none edge-pan began && gd_none tap recognized && gd_none long-press began
}

pinch_check() {   # pinch_check LO HI (final scale range)
    gd_expect_states pinch "began ended" || return 1
    check "pinch: 2 fingers, final scale in $1..$2" "v2 == 2 && v1 >= $1 && v1 <= $2" \
        "$(gd_get pinch ended 11) $(gd_get pinch ended 4)" || return 1
    gd_none pan began && gd_none rotation began
}
# 80 -> 30 mm: 0.375; 30 -> 80 mm: 2.667
expect_ts_pinch_in() { gd_start "$@" && pinch_check 0.33 0.42; }
expect_ts_pinch_out() { gd_start "$@" && pinch_check 2.45 2.9; }

expect_ts_rotate() {
    gd_start "$@" || return 1
    gd_expect_states rotation "began ended" || return 1
    # 90 degrees clockwise on screen (y down) = +pi/2 rad; +- 5 degrees
    check "rotation ended at +pi/2 +- 0.087 rad (clockwise), 2 fingers" 'v1 >= 1.4835 && v1 <= 1.6581 && v2 == 2' \
        "$(gd_get rotation ended 12) $(gd_get rotation ended 4)" || return 1
    gd_none pan began && gd_none pinch began
}

expect_ts_edge_swipe() {
    gd_start "$@" || return 1
    gd_expect_states edge-pan "began ended" || return 1
    local ppm
    ppm=$(gd_ppm)
    [ "$(gd_get edge-pan began 14)" = left ] && [ "$(gd_get edge-pan ended 14)" = left ] \
        || { fail "edge-pan: expected edge left, got '$(gd_get edge-pan began 14)' / '$(gd_get edge-pan ended 14)'"; return 1; }
    check "edge-pan began within 6 mm of the left edge and ended 80 +- 3 mm further right, |y| < 1 mm" \
        "v4 > 0 && v1 <= 6 * v4 && v2 >= 77 * v4 && v2 <= 83 * v4 && v3 < v4 && -v3 < v4" \
        "$(gd_get edge-pan began 7) $(gd_get edge-pan ended 9) $(gd_get edge-pan ended 10) $ppm" || return 1
    # pan requires edge-pan to fail
    gd_none pan began
}

expect_ts_3finger_swipe() {
    gd_start "$@" || return 1
    [ "$(gd_count swipe-3f recognized)" = 1 ] || { fail "expected swipe-3f recognized once, got $(gd_count swipe-3f recognized) (trace: $(gd_trace))"; return 1; }
    [ "$(gd_get swipe-3f recognized 13)" = up ] || { fail "swipe-3f direction '$(gd_get swipe-3f recognized 13)', expected up"; return 1; }
    gd_expect_states pan "began ended" || return 1
    local ppm
    ppm=$(gd_ppm)
    check "pan with 3 fingers, ended 60 +- 3 mm up, |x| < 1 mm" \
        "v1 == 3 && v2 == 3 && v5 > 0 && -v4 >= 57 * v5 && -v4 <= 63 * v5 && v3 < v5 && -v3 < v5" \
        "$(gd_get pan began 4) $(gd_get pan ended 4) $(gd_get pan ended 9) $(gd_get pan ended 10) $ppm" || return 1
    gd_none swipe recognized && gd_none swipe-2f recognized && gd_none swipe-4f recognized
}

# ---------------------------------------------------------------- touchpad
tp_swipe_check() {   # tp_swipe_check SIGN(-1|1) DIRECTION
    gd_expect_states pan "began ended" || return 1
    check "touchpad pan: 3 fingers, translation $2 ($1 * x > 0) and mostly horizontal (|y| < |x| / 5)" \
        "v1 == 3 && v2 * $1 > 0 && v3 * 5 < v2 * $1 && -v3 * 5 < v2 * $1" \
        "$(gd_get pan began 4) $(gd_get pan ended 9) $(gd_get pan ended 10)" || return 1
    # 33 mm in 0.38 s: well over the swipe's 12 mm within 600 ms
    [ "$(gd_count swipe-3f recognized)" = 1 ] && [ "$(gd_get swipe-3f recognized 13)" = "$2" ] \
        || { fail "expected swipe-3f recognized $2, got: $(awk '$2 == "swipe-3f" { print $3, $13 }' "$GD" | tr '\n' ' ')($(grep -o '"reason":"[^"]*","recognizer":"swipe-3f"' "$GK_SCENARIO_DIR/gesture-demo.out" | head -n 1))"; return 1; }
    gd_none pinch began && gd_none swipe-4f recognized
}
expect_tp_swipe_left() { gd_start "$@" && tp_swipe_check -1 left; }
expect_tp_swipe_right() { gd_start "$@" && tp_swipe_check 1 right; }

expect_tp_pinch() {
    gd_start "$@" || return 1
    gd_expect_states pinch "began ended" || return 1
    # 16 -> 44 mm: libinput's own scale ends at 2.5-2.75
    check "touchpad pinch: 2 fingers, final scale >= 1.8" 'v1 >= 1.8 && v2 == 2' \
        "$(gd_get pinch ended 11) $(gd_get pinch ended 4)" || return 1
    gd_none pan began && gd_none swipe-3f recognized
}

expect_tp_hold() {
    gd_start "$@" || return 1
    # The driver rests 2 fingers for 1 s: libinput's hold, then the demo's 0.5 s hold.
    gd_expect_states hold-2f "began ended" || return 1
    check "hold-2f with 2 fingers" 'v1 == 2' "$(gd_get hold-2f began 4)" || return 1
    gd_none pinch began && gd_none pan began && gd_none hold began && gd_none hold-3f began
}

# tp_scroll_check AXIS(x|y) SIGN(-1|1) DIRECTION: libinput's finger scrolling, which the
# backend reports as a 2-finger touchpad swipe: the demo's pan follows it with 2 fingers, in
# the fingers' direction, mostly along AXIS. Translations are libinput's scroll units.
tp_scroll_check() {
    local along across
    if [ "$1" = y ]; then along=10; across=9; else along=9; across=10; fi
    gd_expect_states pan "began ended" || return 1
    check "touchpad pan: 2 fingers at began and end, translation $3 ($2 * $1 > 0), |across| < |along| / 5" \
        "v1 == 2 && v2 == 2 && v3 * $2 > 0 && v4 * 5 < v3 * $2 && -v4 * 5 < v3 * $2" \
        "$(gd_get pan began 4) $(gd_get pan ended 4) $(gd_get pan ended $along) $(gd_get pan ended $across)" || return 1
    gd_none pinch began && gd_none rotation began && gd_none swipe-3f recognized && gd_none edge-pan began
}

expect_tp_scroll() {
    gd_start "$@" || return 1
    tp_scroll_check y 1 down || return 1
    # 30 mm in 0.5 s: the swipe's 12 mm within 600 ms
    [ "$(gd_count swipe-2f recognized)" = 1 ] && [ "$(gd_get swipe-2f recognized 13)" = down ] \
        || { fail "expected swipe-2f recognized down, got: $(awk '$2 == "swipe-2f" { print $3, $13 }' "$GD" | tr '\n' ' ')"; return 1; }
}

# ---------------------------------------------------------------- plugging
expect_unplug_mid_pan() {
    gd_start "$@" || return 1
    local first second trace
    first=$(awk 'NR == 1 { print $1 }' "$2/devices.1"); second=$(awk 'NR == 1 { print $1 }' "$2/devices.2")
    trace=$(gd_trace)
    # the first pan is cut by the unplug: cancelled (not ended) as the device goes. libinput
    # cancels the touch in a frame of its own just before DEVICE_REMOVED; the backend drops that
    # frame, so the engine cancels the pan as it removes the device (reason deviceRemoved, not
    # palm); the demo prints the removal after what it caused
    case "$trace" in
        "device_added:${first##*/} pan:began "*"pan:cancelled device_removed:${first##*/} device_added:${second##*/} "*"tap:recognized"*) ;;
        *) fail "expected pan began, cancelled, removal, the new device, a tap; got: $trace"; return 1 ;;
    esac
    [ "$(gd_count pan ended)" = 0 ] || { fail "the cut pan ended instead of being cancelled: $trace"; return 1; }
    [ "$(gd_get pan cancelled 20)" = deviceRemoved ] \
        || { fail "the cut pan was cancelled with reason '$(gd_get pan cancelled 20)', expected deviceRemoved"; return 1; }
    [ "$(gd_count tap recognized "$second")" = 1 ] || { fail "no tap recognized on the replugged $second"; return 1; }
    awk '$1 == "gesture" && $2 == "tap" && $3 == "recognized" { print $16 }' "$GD" | grep -qx 'GestureKit_Test_Touchscreen_Replugged' \
        || { fail "the tap is not attributed to 'GestureKit Test Touchscreen Replugged'"; return 1; }
}

# The tap again, read by gesture-demo as user nobody with its devices from seatd (libseat).
expect_seatd_tap() {
    local dir=$2
    [ "$(cat "$dir/reader.uid" 2>/dev/null)" = 65534 ] || { fail "the reader did not run as uid 65534: $(cat "$dir/reader.uid" 2>/dev/null)"; return 1; }
    # the probe's shell exits non-zero (2: a failed exec redirection) when open(2) is refused
    [ "$(cat "$dir/direct-probe.rc" 2>/dev/null || echo 0)" != 0 ] \
        || { fail "open(2) as nobody was not refused (probe exited $(cat "$dir/direct-probe.rc" 2>/dev/null)): $(tail -n 2 "$dir/direct-probe.out" | tr '\n' ' ')"; return 1; }
    grep -qi "permission denied" "$dir/direct-probe.out" \
        || { fail "the open(2) probe failed, but not for permission: $(tr '\n' ' ' <"$dir/direct-probe.out")"; return 1; }
    grep -q "opening device nodes through libseat (seat seat0)" "${1%.out}.err" \
        || { fail "gesture-demo did not open its devices through libseat: $(tail -n 3 "${1%.out}.err" | tr '\n' ' ')"; return 1; }
    expect_ts_tap "$@"
}

expect_hotplug_second_touchscreen() {
    gd_start "$@" || return 1
    local first second trace bad
    first=$(awk 'NR == 1 { print $1 }' "$2/devices.1"); second=$(awk 'NR == 1 { print $1 }' "$2/devices.2")
    [ -n "$second" ] && [ "$first" != "$second" ] || { fail "driver did not announce two devices"; return 1; }
    trace=$(gd_trace)
    # Screen 2 is plugged in right after the tap on screen 1, whose recognition waits
    # for the double-tap window: screen 2's device_added may come before or after it,
    # but before anything on screen 2.
    awk -v b="$second" '$1 == "device_added" && $5 == b && !added { added = NR }
        $1 == "gesture" && $5 == b && !first { first = NR }
        END { exit !(added && (!first || added < first)) }' "$GD" \
        || { fail "expected screen 2's device_added before any gesture on it; got: $trace"; return 1; }
    # Every transition names the device whose input drove it (schema: "device"): each
    # input has its own row, screen 1's tap y = 540, screen 2's tap y = 320, screen
    # 1's pan y = 560. Failures are left out: a double tap waiting on screen 2's tap
    # fails because screen 1's finger landed, so it names screen 1 while its location
    # is still screen 2's first tap.
    bad=$(awk -v a="$first" -v b="$second" '$1 == "gesture" && $3 != "failed" && (($8 > 535 && $8 < 545 && $5 != a) || ($8 > 315 && $8 < 325 && $5 != b) || ($8 > 555 && $8 < 565 && $5 != a)) { print $2, $3, "at", $7 "," $8, "named", $5 }' "$GD" | head -n 3 | tr '\n' ';')
    [ -z "$bad" ] || { fail "transitions attributed to the wrong screen: $bad"; return 1; }
    [ "$(gd_count tap recognized "$first")" = 1 ] || { fail "expected 1 tap on screen 1 ($first), got $(gd_count tap recognized "$first")"; return 1; }
    [ "$(gd_count tap recognized "$second")" = 1 ] || { fail "expected 1 tap on screen 2 ($second), got $(gd_count tap recognized "$second")"; return 1; }
    check "screen 2's tap at 60/40 mm = (480, 320) +- 8 pt" 'v1 >= 472 && v1 <= 488 && v2 >= 312 && v2 <= 328' \
        "$(awk -v n="$second" '$2 == "tap" && $3 == "recognized" && $5 == n { print $7, $8 }' "$GD")" || return 1
    [ "$(gd_count pan began "$first")" = 1 ] && [ "$(gd_count pan ended "$first")" = 1 ] \
        || { fail "expected the pan began/ended on screen 1 ($first); trace: $trace"; return 1; }
}

# ---------------------------------------------------------------- real recordings
expect_rec_atmel_9taps() {
    gd_start "$@" || return 1
    local taps doubles
    taps=$(gd_count tap recognized); doubles=$(gd_count double-tap recognized)
    # The demo graph pairs close taps into double-taps: every one of the 9 touches
    # must be in a tap or a double-tap.
    check "9 touches = taps + 2 x double-taps" 'v1 + 2 * v2 == 9' "$taps $doubles" || return 1
    gd_none long-press began && gd_none pan began
}

expect_rec_isdv4_edge_swipe() {
    gd_start "$@" || return 1
    local n
    n=$(awk '$1 == "gesture" && ($2 == "swipe" || $2 == "swipe-2f") && $3 == "recognized" && $13 == "right" { c++ } END { print c + 0 }' "$GD")
    [ "$n" = 1 ] || { fail "expected 1 swipe right (swipe or swipe-2f), got $n (trace: $(gd_trace))"; return 1; }
    check "the swipe starts in the leftmost 5 % of the ${GD_OUTPUT_W}-point output" "v1 >= 0 && v1 <= 0.05 * $GD_OUTPUT_W" \
        "$(awk '$1 == "gesture" && ($2 == "swipe" || $2 == "swipe-2f") && $3 == "recognized" { print $7 }' "$GD")"
}

# libinput turns 2 moving fingers on a touchpad into finger scrolling (after a hold
# that is cancelled as they start moving); the backend reports it as a 2-finger
# touchpad swipe, which the demo's pan follows.
tp_recording_check() {
    awk '$1 == "device_added" && $15 == "touchpad" { a = 1 } $1 == "device_removed" { r = 1 } END { exit !(a && r) }' "$GD" \
        || { fail "expected a touchpad device_added and a device_removed"; return 1; }
    tp_scroll_check "$@"
}
expect_rec_intuos5_2finger_swipe() { gd_start "$@" && tp_recording_check x 1 right; }
expect_rec_synaptics_scroll_down() { gd_start "$@" && tp_recording_check y 1 down; }

# ---------------------------------------------------------------- edges on a rotated output, palms, large contacts
# gd_nth RECOGNIZER STATE N -> the Nth such line of GD (all 20 columns), "" if none
gd_nth() {
    awk -v r="$1" -v s="$2" -v n="$3" '$1 == "gesture" && $2 == r && $3 == s && ++k == n { print; exit }' "$GD"
}

# gd_contact_size -> the contact_size of the (first) touchscreen's device_added
gd_contact_size() {
    awk '$1 == "device_added" && $15 == "touchscreen" { print $19; exit }' "$GD"
}

# Read with --rotation 90 --corner-mm 12 --output-size 1080x1920 (guest.sh): the
# 240x135 mm sensor stands upright, 8 pt/mm both ways, and its right edge is the
# screen's bottom, its bottom-left corner the screen's top-left.
expect_ts_rot90_edges() {
    gd_start "$@" || return 1
    local ppm e1 e2 c1 c2
    ppm=$(awk '$1 == "device_added" && $17 > 0 { printf "%.4f\n", 1920 / $17; exit }' "$GD")
    # 1. three fingers from the screen's bottom edge, 60 mm up
    e1=$(gd_nth edge-pan began 1); e2=$(gd_nth edge-pan ended 1)
    c1=$(gd_nth edge-pan began 2); c2=$(gd_nth edge-pan ended 2)
    [ "$(echo "$e1" | awk '{ print $14, $13, $18 }')" = "bottom up -" ] \
        || { fail "3-finger swipe: expected edge bottom, direction up, no corner; got edge '$(echo "$e1" | awk '{ print $14 }')', direction '$(echo "$e1" | awk '{ print $13 }')', corner '$(echo "$e1" | awk '{ print $18 }')'"; return 1; }
    [ "$(echo "$c1" | awk '{ print $18, $14 }')" = "top-left -" ] \
        || { fail "corner pan: expected corner top-left and no edge, got corner '$(echo "$c1" | awk '{ print $18 }')', edge '$(echo "$c1" | awk '{ print $14 }')'"; return 1; }
    gd_expect_states edge-pan "began ended began ended" || return 1
    check "3-finger edge pan: began with 3 fingers landed in the 6 mm bottom band (y >= 1920 - 6 mm), ended 60 +- 3 mm up, |x| < 1 mm" \
        "v1 == 3 && v6 > 0 && v2 - v3 >= 1920 - 6 * v6 && -v5 >= 57 * v6 && -v5 <= 63 * v6 && v4 < v6 && -v4 < v6" \
        "$(echo "$e1" | awk '{ print $4, $8, $10 }') $(echo "$e2" | awk '{ print $9, $10 }') $ppm" || return 1
    # 2. one finger from the screen's top-left corner square, 50 mm down and right
    case "$(echo "$c1" | awk '{ print $13 }')" in
        'right|down'|'down|right') ;;
        *) fail "corner pan: expected the diagonal right|down, got '$(echo "$c1" | awk '{ print $13 }')'"; return 1 ;;
    esac
    check "corner pan: 1 finger landed in the 12 mm top-left square" \
        "v1 == 1 && v6 > 0 && v2 - v4 <= 12 * v6 && v3 - v5 <= 12 * v6" \
        "$(echo "$c1" | awk '{ print $4, $7, $8, $9, $10 }') $ppm" || return 1
    check "corner pan: ended 50 +- 3 mm right and down" \
        "v3 > 0 && v1 >= 47 * v3 && v1 <= 53 * v3 && v2 >= 47 * v3 && v2 <= 53 * v3" \
        "$(echo "$c2" | awk '{ print $9, $10 }') $ppm" || return 1
    # pan requires edge-pan to fail
    gd_none pan began
}

# A touchscreen with ABS_MT_TOUCH_MAJOR and ABS_MT_TOOL_TYPE, read through libinput:
# no contact size reaches GestureKit, libinput's MT_TOOL_PALM handling does.
expect_ts_palm_tool() {
    gd_start "$@" || return 1
    [ "$(gd_contact_size)" = none ] || { fail "device_added: expected contact_size none (libinput passes no size), got '$(gd_contact_size)'"; return 1; }
    # A. the pan is cancelled as a palm, never ended
    gd_expect_states pan "began cancelled" || return 1
    [ "$(gd_get pan cancelled 20)" = palm ] || { fail "pan cancelled with reason '$(gd_get pan cancelled 20)', expected palm"; return 1; }
    # B. the one tap: the finger beside the resting palm, (180, 100) mm = (1440, 800) pt
    [ "$(gd_count tap recognized)" = 1 ] || { fail "expected 1 tap recognized (the finger beside the palm), got $(gd_count tap recognized) (trace: $(gd_trace))"; return 1; }
    check "tap: 1 finger at (1440, 800) +- 8 pt" 'v1 == 1 && v2 >= 1432 && v2 <= 1448 && v3 >= 792 && v3 <= 808' \
        "$(gd_get tap recognized 4) $(gd_get tap recognized 7) $(gd_get tap recognized 8)" || return 1
    # D. the rest that turned into a palm: its tap failed because of the palm
    awk '$1 == "gesture" && $2 == "tap" && $3 == "failed" && $20 ~ /palm/ && $7 > 1592 && $7 < 1608 && $8 > 472 && $8 < 488 { f = 1 } END { exit !f }' "$GD" \
        || { fail "expected the tap at (1600, 480) to fail with a palm reason; got: $(awk '$2 == "tap" && $3 == "failed" { printf "%s,%s %s; ", $7, $8, $20 }' "$GD")"; return 1; }
    # nothing stuck or cancelled for another reason
    awk '$1 == "gesture" && $3 == "cancelled" && $20 != "palm" { print $2, $20; exit 1 }' "$GD" >/dev/null \
        || { fail "a gesture was cancelled for a reason other than palm: $(awk '$3 == "cancelled" && $20 != "palm" { print $2, $20 }' "$GD" | head -n 1)"; return 1; }
    gd_none double-tap recognized && gd_none long-press began && gd_none pan ended
}

# The same touchscreen, a 45 mm contact then an 8 mm tap. Live (libinput: no size)
# both are taps. The kernel's own events, recorded in the guest with evemu-record
# (kernel.evemu), replayed through GestureKitEvdev (which reads ABS_MT_TOUCH_MAJOR):
# the large contact starts nothing, the finger taps once.
expect_ts_large_contact() {
    gd_start "$@" || return 1
    local dir=$2 rec=$2/kernel.evemu live
    [ "$(gd_contact_size)" = none ] || { fail "device_added: expected contact_size none, got '$(gd_contact_size)'"; return 1; }
    live=$(awk '$1 == "gesture" && $2 == "tap" && $3 == "recognized" { printf "%s,%s ", $7, $8 }' "$GD")
    [ "$live" = "480,540 1440,540 " ] \
        || { fail "live: expected the two contacts to tap at 480,540 and 1440,540 (libinput passes no contact size), got '${live:-none}'"; return 1; }
    [ -s "$rec" ] || { fail "no kernel recording $rec"; return 1; }
    # E: <time> 0003 0030 <value>: ABS_MT_TOUCH_MAJOR as the kernel delivered it (8 units/mm)
    awk '$1 == "E:" && $3 == "0003" && $4 == "0030" { v[$5 + 0] = 1 } END { exit !(v[360] && v[64]) }' "$rec" \
        || { fail "the recording has no ABS_MT_TOUCH_MAJOR 360 (45 mm) and 64 (8 mm): $(awk '$4 == "0030" { printf "%s ", $5 }' "$rec")"; return 1; }
    "$GK_DEMO" replay "$rec" --json --verbose --output-size 1920x1080 >"$dir/replay.out" 2>"$dir/replay.err" \
        || { fail "gesture-demo replay $rec failed: $(tail -n 2 "$dir/replay.err" | tr '\n' ' ')"; return 1; }
    /usr/bin/python3 "$GK_SYSTEM/expect/jsonl.py" "$dir/replay.out" >"$dir/replay.flat" || { fail "jsonl.py could not read replay.out"; return 1; }
    local taps near
    taps=$(awk '$1 == "gesture" && $2 == "tap" && $3 == "recognized" { printf "%s,%s ", $7, $8 }' "$dir/replay.flat")
    [ "$taps" = "1440,540 " ] || { fail "replay of the kernel's events: expected exactly 1 tap, the finger's at 1440,540, got '${taps:-none}'"; return 1; }
    # the large contact is ignored as it lands: no recognizer hears of it
    near=$(awk '$1 == "gesture" && $7 > 400 && $7 < 560 { print $2, $3; exit }' "$dir/replay.flat")
    [ -z "$near" ] || { fail "replay: the 45 mm contact reached a recognizer ($near)"; return 1; }
}
