# Reader adapter: GestureKit's own `gesture-demo live --json`.
#
# Contract the binary must satisfy (see README.md, "The reader interface"):
#   invocation   $GK_DEMO live --json --device /dev/input/eventN [--device ...]
#                $GK_DEMO live --json --seat seat0
#   stdout       JSON Lines: one JSON object per line, flushed after every line
#                (stdout is a file here, not a terminal)
#   readiness    for every device it has opened (libinput DEVICE_ADDED), one line
#                {"type":"device_added","device":"/dev/input/eventN", ...}
#                nothing is played on a device before that line is out
#   removal      when a device goes away (unplugged, or at the end of every scenario),
#                one line {"type":"device_removed","device":"/dev/input/eventN", ...}
#                after everything read from it; the run waits for it before stopping
#   latency      optional "latency_us": <number> on recognizer lines: microseconds from
#                the libinput event's timestamp to the recognizer callback
#   stopping     SIGINT: flush and exit 0 within 3 s (SIGKILL follows)
#   stderr       free-form diagnostics (kept as reader.err)

# Recognizers may hold back a verdict (double-tap window, long-press timer): let
# the output be quiet for longer than their timeouts before stopping the reader.
READER_SETTLE_MS=700

reader_start() {
    local log=$1 err=$2
    shift 2
    [ -x "$GK_DEMO" ] || { echo "gesture-demo binary '$GK_DEMO' not found" >"$err"; return 1; }
    reader_exec "$GK_DEMO" live --json "$@" >"$log" 2>"$err" &
    READER_PID=$!
}

reader_added_count() {
    grep -E '"type" *: *"device_added"' "$1" 2>/dev/null | grep -Fc "\"$2\""
}

reader_removed_count() {
    grep -E '"type" *: *"device_removed"' "$1" 2>/dev/null | grep -Fc "\"$2\""
}

reader_latency_samples() {
    grep -o '"latency_us" *: *[0-9.]*' "$1" 2>/dev/null | sed 's/.*: *//'
}
