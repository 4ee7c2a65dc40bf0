# Expectations for the libinput reader (`libinput debug-events`, libinput 1.22):
# what libinput itself must report for each scenario. These check the kernel,
# udev and libinput path, not GestureKit's recognizers; expect/gesture-demo.sh
# holds the recognizer-level checks for the same scenarios.
#
# Each expect_<scenario> gets $1 = reader output, $2 = scenario folder (see common.sh).

# li_norm LOG -> "DEV TYPE TIME ARGS..." per event line. Drops the device-change
# marker, joins "a/ b" pairs, and maps the first event's wrapped relative time
# (debug-events prints -1 ms as +4294967.295s) back to a small negative number.
li_norm() {
    awk '{
        sub(/^[- \t]+/, ""); gsub(/\/ +/, "/"); gsub(/\( +/, "(")
        if ($2 !~ /^[A-Z_]+$/) next
        if ($3 ~ /^\+[0-9.]+s$/) {
            t = substr($3, 2, length($3) - 2) + 0
            if (t > 4294000) t -= 4294967.296
            $3 = sprintf("%.3f", t)
        }
        print
    }' "$1"
}

# li_count LOG TYPE [DEV] -> number of TYPE events (of device DEV, e.g. event1)
li_count() {
    li_norm "$1" | awk -v ty="$2" -v dev="${3:-}" '$2 == ty && (dev == "" || $1 == dev) { n++ } END { print n + 0 }'
}

# li_types LOG [DEV] -> the event types in order, without motion/frame/update noise, one line
li_types() {
    li_norm "$1" | awk -v dev="${2:-}" '(dev == "" || $1 == dev) && $2 !~ /(MOTION|FRAME|UPDATE|SCROLL)/ { printf "%s%s", sep, $2; sep = " " } END { print "" }'
}

# li_touches LOG [DEV] -> one line per touch sequence:
#   "DEV SLOT T_DOWN T_END END_TYPE X0 Y0 X1 Y1 MOTIONS MAXDOWN" (mm for X/Y)
#   END_TYPE is TOUCH_UP, TOUCH_CANCEL or OPEN; MAXDOWN is the most touches down at once
#   while this one was down.
li_touches() {
    li_norm "$1" | awk -v dev="${2:-}" '
    function mm(s, xy) { gsub(/[()m]/, "", s); split(s, xy, "/") }
    dev != "" && $1 != dev { next }
    $2 == "TOUCH_DOWN" || $2 == "TOUCH_MOTION" {
        k = $1 " " $4; mm($7, p)
        if ($2 == "TOUCH_DOWN") {
            down[k] = 1; ndown++; t0[k] = $3; x0[k] = p[1]; y0[k] = p[2]; nm[k] = 0
            order[++n] = k; if (ndown > maxd[k]) maxd[k] = ndown
            for (o in down) if (down[o] && ndown > maxd[o]) maxd[o] = ndown
        } else nm[k]++
        x1[k] = p[1]; y1[k] = p[2]
        next
    }
    $2 == "TOUCH_UP" || $2 == "TOUCH_CANCEL" {
        k = $1 " " $4
        if (!down[k]) next
        down[k] = 0; ndown--
        out[++m] = k " " t0[k] " " $3 " " $2 " " x0[k] " " y0[k] " " x1[k] " " y1[k] " " nm[k] " " maxd[k]
        next
    }
    END {
        for (i = 1; i <= m; i++) print out[i]
        for (k in down) if (down[k]) print k " " t0[k] " - OPEN " x0[k] " " y0[k] " " x1[k] " " y1[k] " " nm[k] " " maxd[k]
    }'
}

# li_gesture_sum LOG KIND FIELD -> sum of a GESTURE_<KIND>_UPDATE value
#   FIELD: dx dy (accelerated), udx udy (unaccelerated); for PINCH also "scale" = last scale
li_gesture() {
    li_norm "$1" | awk -v kind="GESTURE_$2_UPDATE" -v f="$3" '
    $2 == kind {
        split($5, a, "/"); s = $6; gsub(/[()]/, "", s); split(s, u, "/")
        if (f == "dx") v += a[1]; else if (f == "dy") v += a[2]
        else if (f == "udx") v += u[1]; else if (f == "udy") v += u[2]
        else if (f == "scale") v = $8
        n++
    }
    END { printf "%.2f\n", v }'
}

# li_scroll LOG -> "N VERT_SUM HORIZ_SUM" over POINTER_SCROLL_FINGER events
li_scroll() {
    li_norm "$1" | awk '$2 == "POINTER_SCROLL_FINGER" {
        n++; for (i = 4; i < NF; i++) { v = $(i + 1); sub(/\/.*/, "", v)
            if ($i == "vert") vs += v; if ($i == "horiz") hs += v } }
        END { printf "%d %.2f %.2f\n", n, vs, hs }'
}

# check "description" AWK-CONDITION VALUES... : evaluates the condition with v1..vN
check() {
    local what=$1 cond=$2 vals
    shift 2
    vals="$*"
    awk -v vals="$vals" "BEGIN { n = split(vals, v, \" \"); v1 = v[1] + 0; v2 = v[2] + 0; v3 = v[3] + 0; v4 = v[4] + 0; exit !($cond) }" \
        || fail "$what (got: $vals)"
}

need_counts() {   # need_counts LOG DEV TYPE=N ...
    local log=$1 dev=$2 kv got
    shift 2
    for kv in "$@"; do
        got=$(li_count "$log" "${kv%%=*}" "$dev")
        [ "$got" = "${kv#*=}" ] || { fail "expected ${kv#*=} ${kv%%=*}, got $got"; return 1; }
    done
}

# ---------------------------------------------------------------- touchscreen
expect_ts_tap() {
    local t
    need_counts "$1" "" TOUCH_DOWN=1 TOUCH_UP=1 TOUCH_MOTION=0 TOUCH_CANCEL=0 || return 1
    t=$(li_touches "$1")
    set -- $t
    check "tap lasts 40..300 ms" 'v1 >= 0.04 && v1 <= 0.3' "$(awk -v a="$3" -v b="$4" 'BEGIN { print b - a }')"
}

# libinput debug-events, root as always, beside the unprivileged gesture-demo.
expect_seatd_tap() { expect_ts_tap "$@"; }

expect_ts_double_tap() {
    need_counts "$1" "" TOUCH_DOWN=2 TOUCH_UP=2 TOUCH_MOTION=0 || return 1
    local gap
    gap=$(li_touches "$1" | awk 'NR == 1 { up = $4; x = $6; y = $7 } NR == 2 { printf "%.3f %.2f", $3 - up, sqrt(($6 - x) ^ 2 + ($7 - y) ^ 2) }')
    check "second tap lands 100..400 ms after the first ends, within 2 mm" 'v1 >= 0.1 && v1 <= 0.4 && v2 <= 2' $gap
}

expect_ts_long_press() {
    need_counts "$1" "" TOUCH_DOWN=1 TOUCH_UP=1 TOUCH_MOTION=0 || return 1
    check "finger rests at least 750 ms" 'v1 >= 0.75' "$(li_touches "$1" | awk '{ print $4 - $3 }')"
}

expect_ts_pan() {
    need_counts "$1" "" TOUCH_DOWN=1 TOUCH_UP=1 || return 1
    check "one touch moves 80 +- 2 mm right, < 1 mm vertically, in >= 20 motions" \
        'v1 >= 78 && v1 <= 82 && v2 < 1 && v2 > -1 && v3 >= 20' \
        "$(li_touches "$1" | awk '{ print $8 - $6, $9 - $7, $10 }')"
}

pinch_check() {   # pinch_check LOG FROM TO
    need_counts "$1" "" TOUCH_DOWN=2 TOUCH_UP=2 || return 1
    local d
    d=$(li_touches "$1" | awk 'NR == 1 { a = $0 } NR == 2 { split(a, p, " ")
        printf "%.1f %.1f %d", sqrt((p[6] - $6) ^ 2 + (p[7] - $7) ^ 2), sqrt((p[8] - $8) ^ 2 + (p[9] - $9) ^ 2), $11 }')
    check "two fingers $2 -> $3 mm apart (+-3), both down together" \
        "v1 >= $2 - 3 && v1 <= $2 + 3 && v2 >= $3 - 3 && v2 <= $3 + 3 && v3 == 2" $d
}
expect_ts_pinch_in() { pinch_check "$1" 80 30; }
expect_ts_pinch_out() { pinch_check "$1" 30 80; }

expect_ts_rotate() {
    need_counts "$1" "" TOUCH_DOWN=2 TOUCH_UP=2 || return 1
    local r
    r=$(li_touches "$1" | awk 'NR == 1 { a = $0 } NR == 2 { split(a, p, " ")
        a0 = atan2($7 - p[7], $6 - p[6]); a1 = atan2($9 - p[9], $8 - p[8])
        d = (a1 - a0) * 180 / 3.14159265; if (d > 180) d -= 360; if (d < -180) d += 360
        printf "%.1f %.1f %.1f", d, sqrt((p[6] - $6) ^ 2 + (p[7] - $7) ^ 2), sqrt((p[8] - $8) ^ 2 + (p[9] - $9) ^ 2) }')
    check "the line between the fingers turns 90 +- 5 degrees, fingers stay 60 +- 3 mm apart" \
        'v1 >= 85 && v1 <= 95 && v2 >= 57 && v2 <= 63 && v3 >= 57 && v3 <= 63' $r
}

expect_ts_edge_swipe() {
    need_counts "$1" "" TOUCH_DOWN=1 TOUCH_UP=1 || return 1
    check "touch lands within 2 mm of the left edge and moves >= 70 mm inwards" \
        'v1 <= 2 && v2 >= 70' "$(li_touches "$1" | awk '{ print $6, $8 - $6 }')"
}

expect_ts_3finger_swipe() {
    need_counts "$1" "" TOUCH_DOWN=3 TOUCH_UP=3 || return 1
    check "three touches down together, each moving 60 +- 2 mm up" \
        'v1 == 3 && v2 >= 58 && v3 <= 62' \
        "$(li_touches "$1" | awk '{ d = $7 - $9; if (!n++ || d < lo) lo = d; if (d > hi) hi = d; if ($11 > m) m = $11 } END { print m, lo, hi }')"
}

# ---------------------------------------------------------------- touchpad
swipe_check() {   # swipe_check LOG SIGN(-1|1)
    local types
    types=$(li_types "$1")
    case " $types " in
        *" GESTURE_SWIPE_BEGIN GESTURE_SWIPE_END "*) ;;
        *) fail "expected GESTURE_SWIPE_BEGIN ... END, got: $types"; return 1 ;;
    esac
    li_norm "$1" | grep -q '^[^ ]* GESTURE_SWIPE_END [^ ]* 3$' || { fail "GESTURE_SWIPE_END not with 3 fingers / cancelled: $(li_norm "$1" | grep SWIPE_END)"; return 1; }
    need_counts "$1" "" GESTURE_SWIPE_BEGIN=1 GESTURE_PINCH_BEGIN=0 || return 1
    check "swipe updates move $([ "$2" = 1 ] && echo right || echo left) (sum of unaccelerated dx, dy)" \
        "v1 * $2 > 20 && v2 < v1 * $2 / 5 && -v2 < v1 * $2 / 5" \
        "$(li_gesture "$1" SWIPE udx) $(li_gesture "$1" SWIPE udy)"
}
expect_tp_swipe_left() { swipe_check "$1" -1; }
expect_tp_swipe_right() { swipe_check "$1" 1; }

expect_tp_pinch() {
    need_counts "$1" "" GESTURE_PINCH_BEGIN=1 GESTURE_PINCH_END=1 GESTURE_SWIPE_BEGIN=0 || return 1
    li_norm "$1" | grep -q '^[^ ]* GESTURE_PINCH_END [^ ]* 2$' || { fail "GESTURE_PINCH_END not with 2 fingers / cancelled: $(li_norm "$1" | grep PINCH_END)"; return 1; }
    check "pinch scale ends >= 2.0" 'v1 >= 2.0' "$(li_gesture "$1" PINCH scale)"
}

expect_tp_hold() {
    need_counts "$1" "" GESTURE_HOLD_BEGIN=1 GESTURE_HOLD_END=1 GESTURE_PINCH_BEGIN=0 GESTURE_SWIPE_BEGIN=0 POINTER_SCROLL_FINGER=0 || return 1
    li_norm "$1" | grep -q '^[^ ]* GESTURE_HOLD_END [^ ]* 2$' || { fail "GESTURE_HOLD_END cancelled or not 2 fingers: $(li_norm "$1" | grep HOLD_END)"; return 1; }
    check "hold lasts >= 450 ms" 'v1 >= 0.45' \
        "$(li_norm "$1" | awk '$2 == "GESTURE_HOLD_BEGIN" { b = $3 } $2 == "GESTURE_HOLD_END" { print $3 - b }')"
}

expect_tp_scroll() {
    local s
    need_counts "$1" "" GESTURE_SWIPE_BEGIN=0 GESTURE_PINCH_BEGIN=0 || return 1
    s=$(li_scroll "$1")
    check "two fingers moving 30 mm down: >= 10 POINTER_SCROLL_FINGER events, positive vertical sum, |horizontal| < vertical / 5" \
        'v1 >= 10 && v2 > 0 && v3 * 5 < v2 && -v3 * 5 < v2' $s
}

# ---------------------------------------------------------------- plugging
expect_unplug_mid_pan() {
    local first second types
    first=$(node_of "$2" 1); second=$(node_of "$2" 2)
    [ -n "$first" ] && [ -n "$second" ] || { fail "driver did not announce two devices"; return 1; }
    # The kernel may give the new device the freed node, so check the order of events.
    types=$(li_types "$1")
    case "$types" in
        "DEVICE_ADDED TOUCH_DOWN TOUCH_CANCEL DEVICE_REMOVED DEVICE_ADDED TOUCH_DOWN TOUCH_UP"*) ;;
        *) fail "expected ADDED DOWN CANCEL REMOVED ADDED DOWN UP, got: $types"; return 1 ;;
    esac
    grep -q 'DEVICE_ADDED.*Replugged' "$1" || { fail "no DEVICE_ADDED for the replugged touchscreen"; return 1; }
    check "the cut pan moved (>= 10 motions, cancelled) before the unplug" 'v1 >= 10' \
        "$(li_touches "$1" | awk '$5 == "TOUCH_CANCEL" { print $10 }')"
}

expect_hotplug_second_touchscreen() {
    local first second
    first=$(node_of "$2" 1); second=$(node_of "$2" 2)
    [ -n "$second" ] && [ "$first" != "$second" ] || { fail "driver did not announce two devices"; return 1; }
    need_counts "$1" "$first" DEVICE_ADDED=1 TOUCH_DOWN=2 TOUCH_UP=2 || return 1
    need_counts "$1" "$second" DEVICE_ADDED=1 TOUCH_DOWN=1 TOUCH_UP=1 || return 1
    local types
    types=$(li_types "$1")
    case "$types" in
        "DEVICE_ADDED TOUCH_DOWN TOUCH_UP DEVICE_ADDED TOUCH_DOWN TOUCH_UP TOUCH_DOWN TOUCH_UP"*) ;;
        *) fail "expected the second DEVICE_ADDED between the first tap and the second, got: $types"; return 1 ;;
    esac
    check "the second screen's tap is at 60/40 mm" 'v1 == 60 && v2 == 40' \
        "$(li_touches "$1" "$second" | awk '{ print $6 + 0, $7 + 0 }')"
}

# ---------------------------------------------------------------- real recordings
expect_rec_atmel_9taps() {
    need_counts "$1" "" TOUCH_DOWN=9 TOUCH_UP=9 TOUCH_CANCEL=0
}

expect_rec_isdv4_edge_swipe() {
    need_counts "$1" "" TOUCH_DOWN=1 TOUCH_UP=1 || return 1
    # No resolution in this recording: use libinput's percentages of the width.
    check "one touch starts in the leftmost 5 % and crosses >= 80 % of the width" 'v1 <= 5 && v2 >= 80' \
        "$(li_norm "$1" | awk '$2 ~ /^TOUCH_(DOWN|MOTION)$/ { split($6, p, "/"); if (!n++) x0 = p[1]; x1 = p[1] } END { print x0, x1 - x0 }')"
}

finger_scroll_check() {   # finger_scroll_check LOG AXIS(vert|horiz)
    local types s
    types=$(li_types "$1")
    case "$types" in
        "DEVICE_ADDED GESTURE_HOLD_BEGIN GESTURE_HOLD_END"*) ;;
        *) fail "expected HOLD_BEGIN, HOLD_END before the scroll, got: $types"; return 1 ;;
    esac
    need_counts "$1" "" GESTURE_SWIPE_BEGIN=0 GESTURE_PINCH_BEGIN=0 || return 1
    s=$(li_scroll "$1")
    check "finger scrolling follows the hold: >= 10 POINTER_SCROLL_FINGER events, positive $AXIS" \
        "v1 >= 10 && $SCROLL_COND" $s
}
expect_rec_intuos5_2finger_swipe() { AXIS=horiz SCROLL_COND='v3 > 0' finger_scroll_check "$1"; }
expect_rec_synaptics_scroll_down() { AXIS=vert SCROLL_COND='v2 > 0' finger_scroll_check "$1"; }

# ---------------------------------------------------------------- rotated output, palms, large contacts
# li_touch_list LOG -> "END_TYPE X0,Y0" per touch sequence (mm, rounded), in order of ending
li_touch_list() {
    li_touches "$1" | awk '{ printf "%s %.0f,%.0f\n", $5, $6, $7 }'
}

# libinput has no output rotation: it reports sensor millimetres. The screen's bottom
# edge under --rotation 90 is the sensor's right edge, the screen's top-left corner
# the sensor's bottom-left one.
expect_ts_rot90_edges() {
    need_counts "$1" "" TOUCH_DOWN=4 TOUCH_UP=4 TOUCH_CANCEL=0 || return 1
    li_touches "$1" | awk 'NR <= 3 { if (!($6 >= 234 && $7 > 30 && $7 < 105 && $11 == 3 && $8 - $6 >= -62 && $8 - $6 <= -58)) bad = 1 }
        NR == 4 { if (!($6 <= 12 && $7 >= 123 && $8 - $6 >= 48 && $8 - $6 <= 52 && $9 - $7 >= -52 && $9 - $7 <= -48)) bad = 1 }
        END { exit bad || NR != 4 }' \
        || { fail "expected 3 touches down together within 6 mm of the sensor's right edge moving 60 +- 2 mm left (-x), then 1 from its bottom-left 12 mm moving 50 mm right and up; got: $(li_touches "$1" | awk '{ printf "%s,%s->%s,%s x%s; ", $6, $7, $8, $9, $11 }')"; return 1; }
}

# MT_TOOL_PALM: libinput cancels the touch (TOUCH_CANCEL) and ignores it until it
# lifts. libinput 1.22 reads a new touch's tool when its ABS_MT_TRACKING_ID arrives,
# before the ABS_MT_TOOL_TYPE that follows it (the kernel's order): the first touch
# in a slot whose last touch was a palm is taken for that palm and dropped (C).
expect_ts_palm_tool() {
    need_counts "$1" "" TOUCH_DOWN=3 TOUCH_UP=1 TOUCH_CANCEL=2 || return 1
    local got
    got=$(li_touch_list "$1" | tr '\n' ';')
    # ended in order: A (cancelled as it turned into a palm), B (up), D (cancelled)
    [ "$got" = "TOUCH_CANCEL 40,40;TOUCH_UP 180,100;TOUCH_CANCEL 200,60;" ] \
        || { fail "expected the tap beside the palm up at 180,100, the pan from 40,40 and the rest at 200,60 cancelled, nothing at 120,100; got: $got"; return 1; }
}

# libinput itself does not reject the 45 mm contact: two plain taps.
expect_ts_large_contact() {
    need_counts "$1" "" TOUCH_DOWN=2 TOUCH_UP=2 TOUCH_CANCEL=0 TOUCH_MOTION=0 || return 1
    local got
    got=$(li_touch_list "$1" | tr '\n' ';')
    [ "$got" = "TOUCH_UP 60,68;TOUCH_UP 180,68;" ] || { fail "expected taps at 60,68 and 180,68 mm, got: $got"; return 1; }
}
