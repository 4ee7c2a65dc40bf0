# Expectations for the gesture-demo reader: what GestureKit's recognizers must
# report for each scenario. Same calling convention as expect/libinput.sh
# ($1 reader output, $2 scenario folder); a scenario without an expect_<name>
# here FAILS with "no expect_<name>", so nothing passes by omission.
#
# DRAFT: written against the contract in readers/gesture-demo.sh and README.md,
# before gesture-demo's JSON existed. The assumed recognizer lines look like
#   {"type":"gesture","recognizer":"pan","state":"began","fingers":1,"device":"/dev/input/event1",...}
# with recognizer names tap, doubleTap, longPress, pan, pinch, rotation, swipe,
# screenEdgePan and UIKit state names (possible, began, changed, ended, cancelled,
# failed, recognized). Adjust the names here when the real schema is fixed.

gd_flat() { /usr/bin/python3 "$GK_SYSTEM/expect/jsonl.py" "$1"; }

# gd_states LOG RECOGNIZER -> that recognizer's states in order, space separated
gd_states() {
    gd_flat "$1" | awk -v r="$2" '$1 == "gesture" && $2 == r { printf "%s%s", s, $3; s = " " } END { print "" }'
}

gd_valid() {   # every line must be JSON
    local bad
    bad=$(gd_flat "$1" | awk '$1 == "INVALID" { printf "%s ", $2 }')
    [ -z "$bad" ] || fail "non-JSON output on line(s) $bad"
}

gd_expect_states() {   # gd_expect_states LOG RECOGNIZER GLOB-OF-STATE-SEQUENCE
    local got
    gd_valid "$1" || return 1
    got=$(gd_states "$1" "$2")
    # shellcheck disable=SC2053
    [[ $got == $3 ]] || fail "$2: expected states '$3', got '${got:-none}'"
}

expect_ts_tap() { gd_expect_states "$1" tap "*recognized*"; }
expect_ts_double_tap() { gd_expect_states "$1" doubleTap "*recognized*"; }
expect_ts_long_press() { gd_expect_states "$1" longPress "began*ended"; }
expect_ts_pan() { gd_expect_states "$1" pan "began changed*ended"; }
expect_ts_pinch_in() { gd_expect_states "$1" pinch "began changed*ended"; }
expect_ts_pinch_out() { gd_expect_states "$1" pinch "began changed*ended"; }
expect_ts_rotate() { gd_expect_states "$1" rotation "began changed*ended"; }
expect_ts_edge_swipe() { gd_expect_states "$1" screenEdgePan "began changed*ended"; }
expect_unplug_mid_pan() { gd_expect_states "$1" pan "began changed*cancelled*"; }
