# Reader adapter: GestureKit's own `gesture-demo live --json`.
#
# Contract the binary must satisfy (see README.md, "The reader interface"):
#   invocation   $GK_DEMO live --json --verbose --output-size 1920x1080 --device /dev/input/eventN [--device ...]
#                $GK_DEMO live --json --verbose --output-size 1920x1080 --seat seat0 --wait-for-devices
#                with --seatd: as user nobody (uid/gid 65534, no supplementary groups), with
#                --seat-access libseat --libinput-log and LIBSEAT_BACKEND=seatd; before it
#                starts, the same user opens the nodes with open(2) (must be refused)
#                a scenario's reader options (--option KEY=VALUE) become --KEY VALUE, e.g.
#                --rotation 90 --corner-mm 12; output-size=WxH replaces the 1920x1080
#   stdout       JSON Lines: one JSON object per line, flushed after every line
#                (stdout is a file here, not a terminal)
#   readiness    for every device it has opened (libinput DEVICE_ADDED), one line
#                {"type":"device_added","node":"/dev/input/eventN","device":"<name>", ...}
#                nothing is played on a device before that line is out
#   removal      when a device goes away (unplugged, or at the end of every scenario),
#                one line {"type":"device_removed","node":"/dev/input/eventN", ...}
#                after everything read from it; the run waits for it before stopping
#   latency      optional "latency_us": <number> on recognizer lines: microseconds from
#                the libinput event's timestamp to the recognizer callback
#   stopping     SIGINT: flush and exit 0 within 3 s (SIGKILL follows)
#   stderr       free-form diagnostics (kept as reader.err)

# Recognizers may hold back a verdict (double-tap window, long-press timer): let
# the output be quiet for longer than their timeouts before stopping the reader.
READER_SETTLE_MS=700

reader_start() {
    local log=$1 err=$2 args=() seatd=0 nodes=() size=1920x1080
    shift 2
    [ -x "$GK_DEMO" ] || { echo "gesture-demo binary '$GK_DEMO' not found" >"$err"; return 1; }
    while [ $# -gt 0 ]; do
        case "$1" in
            --device) args+=(--device "$2"); nodes+=("$2"); shift 2 ;;
            --seatd) seatd=1; shift ;;
            # a seat scenario unplugs its only device and plugs a new one in
            --seat) args+=(--seat "$2" --wait-for-devices); shift 2 ;;
            --option)
                case "$2" in
                    output-size=*) size=${2#*=} ;;
                    *=*) args+=("--${2%%=*}" "${2#*=}") ;;
                    *) echo "reader_start: option $2 is not KEY=VALUE" >&2; return 1 ;;
                esac
                shift 2 ;;
            *) echo "reader_start: unknown argument $1" >&2; return 1 ;;
        esac
    done
    # --verbose: failures and their reasons go to the log too (expectations ignore
    # them unless they say otherwise; they explain a missing gesture).
    # stdbuf -oL: gesture-demo flushes its gesture lines but not its device lines
    # when stdout is a file; the handshake waits for device_added.
    if [ "$seatd" = 1 ]; then
        local dir unprivileged=(setpriv --reuid=65534 --regid=65534 --clear-groups)
        dir=$(dirname "$log")
        "${unprivileged[@]}" id -u >"$dir/reader.uid" 2>&1
        # Proof that the user really lacks access: opening the nodes with open(2) is refused.
        # (A shell, not a second gesture-demo: under TCG a Swift binary takes seconds to start,
        # and the reader must have the devices within READY_TIMEOUT.)
        "${unprivileged[@]}" sh -c 'for n; do exec 3<"$n"; exec 3<&-; done' probe "${nodes[@]}" \
            >"$dir/direct-probe.out" 2>&1
        echo $? >"$dir/direct-probe.rc"
        reader_exec env LIBSEAT_BACKEND=seatd "${unprivileged[@]}" stdbuf -oL "$GK_DEMO" live --json --verbose \
            --output-size "$size" --seat-access libseat --libinput-log "${args[@]}" >"$log" 2>"$err" &
        READER_PID=$!
        return 0
    fi
    reader_exec stdbuf -oL "$GK_DEMO" live --json --verbose --output-size "$size" "${args[@]}" >"$log" 2>"$err" &
    READER_PID=$!
}

reader_added_count() {
    grep -E '"type" *: *"device_added"' "$1" 2>/dev/null | grep -Fc "\"$2\""
}

reader_removed_count() {
    grep -E '"type" *: *"device_removed"' "$1" 2>/dev/null | grep -Fc "\"$2\""
}

# Latency of the transitions a program acts on (began, changed, ended, cancelled,
# recognized); failures (--verbose) are left out.
reader_latency_samples() {
    grep -v '"state" *: *"failed"' "$1" 2>/dev/null | grep -o '"latency_us" *: *-\?[0-9.]*' | sed 's/.*: *//'
}
