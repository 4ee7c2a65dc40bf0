# Reader adapter: `libinput debug-events` (libinput-tools).
# Every reader adapter defines:
#   reader_start LOG ERR (--device NODE ... | --seat SEAT) [--option KEY=VALUE ...]
#       start the reader in the background, stdout to LOG, stderr to ERR; set READER_PID;
#       options (rotation, corner-mm, output-size) are applied as far as the reader can
#   reader_added_count LOG NODE
#       how many times LOG shows the reader opening NODE (/dev/input/eventN)
#   reader_removed_count LOG NODE
#       how many times LOG shows NODE going away (the kernel reuses freed nodes)
#   reader_latency_samples LOG
#       print latency samples in microseconds, one per line (nothing if the reader has none)
# The reader is stopped with SIGINT (SIGKILL 3 s later).

reader_start() {
    local log=$1 err=$2 args=()
    shift 2
    while [ $# -gt 0 ]; do
        case "$1" in
            --device) args+=(--device "$2"); shift 2 ;;
            # seatd scenarios: libinput itself stays the privileged reference reader
            --seatd) shift ;;
            --seat) args+=(--udev "$2"); shift 2 ;;
            # debug-events prints sensor millimetres: rotation, corners and the output
            # size are the screen's business, not libinput's
            --option) shift 2 ;;
            *) echo "reader_start: unknown argument $1" >&2; return 1 ;;
        esac
    done
    # stdbuf: line-buffered output, so readiness and events reach LOG at once.
    reader_exec stdbuf -oL libinput debug-events "${args[@]}" >"$log" 2>"$err" &
    READER_PID=$!
}

reader_added_count() {
    grep -Ec "^[-[:space:]]*${2##*/}[[:space:]]+DEVICE_ADDED" "$1" 2>/dev/null
}

reader_removed_count() {
    grep -Ec "^[-[:space:]]*${2##*/}[[:space:]]+DEVICE_REMOVED" "$1" 2>/dev/null
}

reader_latency_samples() { :; }
