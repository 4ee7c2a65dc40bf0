# Reader adapter: `libinput debug-events` (libinput-tools).
# Every reader adapter defines:
#   reader_start LOG ERR (--device NODE ... | --seat SEAT)
#       start the reader in the background, stdout to LOG, stderr to ERR; set READER_PID
#   reader_has_device LOG NODE
#       succeed once LOG shows that the reader has opened NODE (/dev/input/eventN)
#   reader_latency_samples LOG
#       print latency samples in microseconds, one per line (nothing if the reader has none)
# The reader is stopped with SIGINT (SIGKILL 3 s later).

reader_start() {
    local log=$1 err=$2 args=()
    shift 2
    while [ $# -gt 0 ]; do
        case "$1" in
            --device) args+=(--device "$2"); shift 2 ;;
            --seat) args+=(--udev "$2"); shift 2 ;;
            *) echo "reader_start: unknown argument $1" >&2; return 1 ;;
        esac
    done
    # stdbuf: line-buffered output, so readiness and events reach LOG at once.
    reader_exec stdbuf -oL libinput debug-events "${args[@]}" >"$log" 2>"$err" &
    READER_PID=$!
}

reader_has_device() {
    local sys=${2##*/}
    grep -Eq "^[-[:space:]]*${sys}[[:space:]]+DEVICE_ADDED" "$1" 2>/dev/null
}

reader_latency_samples() { :; }
