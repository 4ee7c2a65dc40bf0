#!/bin/bash
# Runs inside the system-test guest (chrooted into the host's read-only /, see
# init), or on the host with --list. For every selected scenario: create the
# devices (driver.py, or evemu-device for a recording), start the reader on them,
# wait until the reader has them, play, stop the reader, check its output.
#
# Pluggable parts, chosen by GK_READER (libinput | gesture-demo):
#   readers/$GK_READER.sh  how to start the reader and tell that it has a device
#   expect/$GK_READER.sh   one expect_<scenario> function per scenario
set -u

# name                          kind       argument
SCENARIO_TABLE=(
    "ts-tap                     device     -"
    "ts-double-tap              device     -"
    "ts-long-press              device     -"
    "ts-pan                     device     -"
    "ts-pinch-in                device     -"
    "ts-pinch-out               device     -"
    "ts-rotate                  device     -"
    "ts-edge-swipe              device     -"
    "ts-3finger-swipe           device     -"
    "tp-swipe-left              device     -"
    "tp-swipe-right             device     -"
    "tp-pinch                   device     -"
    "tp-hold                    device     -"
    "unplug-mid-pan             seat       -"
    "hotplug-second-touchscreen seat       -"
    "rec-atmel-9taps            recording  ts-atmel-maxtouch-1finger-9taps.evemu"
    "rec-isdv4-edge-swipe       recording  ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu"
    "rec-intuos5-2finger-swipe  recording  tp-wacom-intuos5-2finger-swipe-right.evemu"
    "rec-synaptics-scroll-down  recording  tp-synaptics-clickpad-2finger-scroll-down.evemu"
)

if [ "${1:-}" = --list ]; then
    for row in "${SCENARIO_TABLE[@]}"; do set -- $row; echo "$1"; done
    exit 0
fi

# ------------------------------------------------------------------ setup
GK_WORK=${GK_WORK:-/run/gesturekit}
# shellcheck source=/dev/null
. "$GK_WORK/config" || { echo "guest: no $GK_WORK/config"; exit 2; }
SYS=$GK_SYSTEM
PY=/usr/bin/python3
export SYSTEMD_IGNORE_CHROOT=1

READY_TIMEOUT=20       # s until the reader must have every device
SCENARIO_TIMEOUT=60    # s for one scenario's driver / player
SETTLE_QUIET_MS=200    # default; a reader adapter may set READER_SETTLE_MS (recognizer timers)

note() { echo "guest: $*"; }

# reader_exec CMD...: for the adapters in readers/, in a background job: becomes
# CMD with SIGINT and SIGTERM at their defaults (a script's background jobs inherit
# SIGINT ignored; a reader relying on the default action would never stop).
reader_exec() { exec env --default-signal=INT,TERM "$@"; }

for f in "$SYS/readers/$GK_READER.sh" "$SYS/expect/$GK_READER.sh" "$SYS/expect/common.sh"; do
    [ -f "$f" ] || { note "missing $f"; exit 2; }
    # shellcheck source=/dev/null
    . "$f"
done

now_ms() { local t=${EPOCHREALTIME/[.,]/}; echo $(( t / 1000 )); }

note "kernel $(uname -r), $(nproc) cpu(s); starting systemd-udevd"
/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1 || { note "systemd-udevd did not start"; exit 2; }
[ -e /dev/uinput ] || { note "/dev/uinput missing (uinput module not loaded?)"; exit 2; }

mkdir -p "$GK_WORK/scenarios"
RESULTS=$GK_WORK/results
: >"$RESULTS"
PASSED=0
FAILED=0
LATENCY_ALL=$GK_WORK/latency-all
: >"$LATENCY_ALL"

record() {   # record NAME STATUS [WHY]
    local line
    if [ "$2" = PASS ]; then line="PASS $1"; PASSED=$((PASSED + 1))
    else line="FAIL $1: $(printf '%s' "$3" | tr -s '\n\t' '  ')"; FAILED=$((FAILED + 1)); fi
    echo "$line"
    echo "$line" >>"$RESULTS"
}

# ------------------------------------------------------------------ reader helpers
# READER_PID, READER_LOG are set by start_reader.
start_reader() {   # start_reader DIR ARGS... (ARGS: --device NODE ... | --seat SEAT)
    local dir=$1; shift
    READER_LOG=$dir/reader.out
    echo "$*" >"$dir/reader.args"
    reader_start "$READER_LOG" "$dir/reader.err" "$@"
}

# ANNOUNCED[node]: how many times a device got that node in this scenario (the
# kernel reuses a freed node, so readiness and removal are counted, not just seen).
declare -A ANNOUNCED

wait_reader_has() {   # wait_reader_has NODE... ; 0 once the reader reported every NODE
    local deadline=$(( $(now_ms) + READY_TIMEOUT * 1000 )) node missing n
    for node in "$@"; do ANNOUNCED[$node]=$(( ${ANNOUNCED[$node]:-0} + 1 )); done
    while :; do
        missing=
        for node in "$@"; do
            n=$(reader_added_count "$READER_LOG" "$node")
            [ "${n:-0}" -ge "${ANNOUNCED[$node]}" ] || missing="$missing $node"
        done
        [ -z "$missing" ] && return 0
        if ! kill -0 "$READER_PID" 2>/dev/null; then
            WHY="reader exited before reporting$missing ($(tail -n 3 "${READER_LOG%.out}.err" | tr '\n' ' '))"
            return 1
        fi
        if [ "$(now_ms)" -gt "$deadline" ]; then
            WHY="reader did not report$missing within ${READY_TIMEOUT}s"
            return 1
        fi
        sleep 0.02
    done
}

# Called once the scenario's devices are gone (driver exited, evemu-device killed).
# The reader has read everything once it has reported every device's removal (evdev
# delivers the removal after the last event); then its output must stay quiet for
# READER_SETTLE_MS (recognizer timers). Limits: 10 s for the removals, 5 s quiet.
settle_reader() {
    local quiet=${READER_SETTLE_MS:-$SETTLE_QUIET_MS} start now size last_size=-1 quiet_since node missing n
    start=$(now_ms)
    while :; do
        missing=
        for node in "${!ANNOUNCED[@]}"; do
            n=$(reader_removed_count "$READER_LOG" "$node")
            [ "${n:-0}" -ge "${ANNOUNCED[$node]}" ] || missing="$missing $node"
        done
        [ -z "$missing" ] && break
        if [ $(( $(now_ms) - start )) -ge 10000 ]; then
            echo "    note: the reader did not report the removal of$missing within 10 s"
            break
        fi
        sleep 0.02
    done
    start=$(now_ms); quiet_since=$start; now=$start
    while [ $(( now - start )) -lt 5000 ]; do
        size=$(stat -c %s "$READER_LOG" 2>/dev/null || echo 0)
        now=$(now_ms)
        if [ "$size" != "$last_size" ]; then last_size=$size; quiet_since=$now; fi
        [ $(( now - quiet_since )) -ge "$quiet" ] && return 0
        sleep 0.03
    done
}

stop_reader() {   # SIGINT; SIGTERM after 3 s; SIGKILL 2 s later. Notes how it ended.
    [ -n "${READER_PID:-}" ] || return 0
    local start sig=INT rc
    start=$(now_ms)
    kill -INT "$READER_PID" 2>/dev/null
    while kill -0 "$READER_PID" 2>/dev/null; do
        if [ "$sig" = INT ] && [ $(( $(now_ms) - start )) -ge 3000 ]; then
            sig=TERM; kill -TERM "$READER_PID" 2>/dev/null
            echo "    note: reader ignored SIGINT for 3 s, sent SIGTERM"
        elif [ "$sig" = TERM ] && [ $(( $(now_ms) - start )) -ge 5000 ]; then
            sig=KILL; kill -KILL "$READER_PID" 2>/dev/null
            echo "    note: reader ignored SIGTERM, sent SIGKILL"
        fi
        sleep 0.03
    done
    wait "$READER_PID" 2>/dev/null
    rc=$?
    echo "exit $rc after SIG$sig" >"${READER_LOG%.out}.status"
    READER_PID=
}

# ------------------------------------------------------------------ scenario kinds
# The driver runs as a server for the whole guest run (starting Python costs
# 0.5-2 s under TCG); it is restarted if it dies or has to be stopped.
DRIVER_DIR=$GK_WORK/driver
DRIVER_PID=
start_driver() {
    if [ -n "$DRIVER_PID" ] && kill -0 "$DRIVER_PID" 2>/dev/null; then return 0; fi
    mkdir -p "$DRIVER_DIR"
    rm -f "$DRIVER_DIR/request"
    "$PY" "$SYS/driver.py" --serve "$DRIVER_DIR" >>"$DRIVER_DIR/server.log" 2>&1 &
    DRIVER_PID=$!
}
stop_driver() {   # unplugs whatever the driver still has
    [ -n "$DRIVER_PID" ] || return 0
    kill "$DRIVER_PID" 2>/dev/null; wait "$DRIVER_PID" 2>/dev/null
    DRIVER_PID=
}

run_driven() {   # run_driven NAME DIR MODE   (MODE: device | seat)
    local name=$1 dir=$2 mode=$3 phase=1 nodes node args deadline drc
    start_driver
    echo "$name $dir" >"$DRIVER_DIR/request.tmp"
    mv "$DRIVER_DIR/request.tmp" "$DRIVER_DIR/request"
    deadline=$(( $(now_ms) + SCENARIO_TIMEOUT * 1000 ))
    while :; do
        if [ -f "$dir/devices.$phase" ]; then
            nodes=$(awk '{ print $1 }' "$dir/devices.$phase")
            if [ "$phase" = 1 ]; then
                mark devices
                args=()
                if [ "$mode" = seat ]; then args=(--seat seat0)
                else for node in $nodes; do args+=(--device "$node"); done; fi
                start_reader "$dir" "${args[@]}"
            fi
            # shellcheck disable=SC2086
            if ! wait_reader_has $nodes; then
                stop_driver
                return 1
            fi
            mark "reader-has-phase-$phase"
            : >"$dir/go.$phase"
            phase=$((phase + 1))
        elif [ -f "$dir/driver.rc" ]; then
            break
        elif ! kill -0 "$DRIVER_PID" 2>/dev/null; then
            wait "$DRIVER_PID" 2>/dev/null
            WHY="the driver died: $(tail -n 3 "$DRIVER_DIR/server.log" "$dir/driver.log" 2>/dev/null | tr '\n' ' ')"
            DRIVER_PID=
            return 1
        elif [ "$(now_ms)" -gt "$deadline" ]; then
            stop_driver
            WHY="driver still playing after ${SCENARIO_TIMEOUT}s"
            return 1
        fi
        sleep 0.02
    done
    drc=$(cat "$dir/driver.rc")
    mark played
    sed 's/^/    /' "$dir/driver.log"
    if [ "$drc" != 0 ]; then
        WHY="driver failed ($drc): $(grep -v '^driver: ' "$dir/driver.log" | tail -n 2 | tr '\n' ' ')"
        [ "$drc" = 3 ] && WHY="driver: $(tail -n 1 "$dir/driver.log")"
        return 1
    fi
    [ -n "${READER_PID:-}" ] || { WHY="the driver never announced a device"; return 1; }
    settle_reader
    mark settled
    return 0
}

run_recording() {   # run_recording NAME DIR FILE
    local name=$1 dir=$2 file=$GK_RECORDINGS/$3 epid node deadline prc
    [ -r "$file" ] || { WHY="recording $file not readable (GESTUREKIT_RECORDINGS?)"; return 1; }
    stdbuf -oL evemu-device "$file" >"$dir/evemu-device.out" 2>&1 &
    epid=$!
    deadline=$(( $(now_ms) + READY_TIMEOUT * 1000 ))
    node=
    while [ -z "$node" ]; do
        node=$(grep -o '/dev/input/event[0-9]*' "$dir/evemu-device.out" | head -n1)
        [ -n "$node" ] && break
        if ! kill -0 "$epid" 2>/dev/null || [ "$(now_ms)" -gt "$deadline" ]; then
            WHY="evemu-device made no device: $(tr '\n' ' ' <"$dir/evemu-device.out")"
            kill "$epid" 2>/dev/null; wait "$epid" 2>/dev/null
            return 1
        fi
        sleep 0.02
    done
    mark devices
    echo "$node recording $(head -n 5 "$file" | sed -n 's/^N: //p')" >"$dir/devices.1"
    echo "    evemu: $(basename "$file") -> $node"
    start_reader "$dir" --device "$node"
    if ! wait_reader_has "$node"; then
        kill "$epid" 2>/dev/null; wait "$epid" 2>/dev/null
        return 1
    fi
    mark reader-has-phase-1
    timeout "$SCENARIO_TIMEOUT" evemu-play "$node" <"$file" >"$dir/evemu-play.out" 2>&1
    prc=$?
    mark played
    kill "$epid" 2>/dev/null; wait "$epid" 2>/dev/null
    settle_reader
    mark settled
    if [ "$prc" != 0 ]; then
        WHY="evemu-play exited with $prc: $(tail -n 2 "$dir/evemu-play.out" | tr '\n' ' ')"
        return 1
    fi
    return 0
}

# Milestones of the current scenario, printed as one "timing:" line.
mark() { MARKS="$MARKS $1=$(( $(now_ms) - SCENARIO_T0 ))"; }

# ------------------------------------------------------------------ latency hook
# The gesture-demo reader will report, per recognizer callback, the time from the
# libinput event to the callback; reader_latency_samples prints those samples in
# microseconds, one per line (the libinput reader has none).
percentile() {   # percentile P < sorted numbers
    awk -v p="$1" '{ v[NR] = $1 } END { if (NR == 0) exit; i = int((p / 100) * NR + 0.999999); if (i < 1) i = 1; if (i > NR) i = NR; print v[i] }'
}
report_latency() {   # report_latency LABEL FILE-OF-SAMPLES
    local n p50 p99
    n=$(grep -c . "$2" 2>/dev/null) || n=0
    [ "$n" -gt 0 ] || return 0
    p50=$(sort -n "$2" | percentile 50)
    p99=$(sort -n "$2" | percentile 99)
    echo "LATENCY $1: p50=${p50}us p99=${p99}us n=$n"
}

# ------------------------------------------------------------------ main loop
run_scenario() {
    local name=$1 kind=$2 arg=$3 dir=$GK_WORK/scenarios/$1 fn ok=1
    fn=expect_${name//-/_}
    mkdir -p "$dir"
    WHY=
    READER_PID=
    ANNOUNCED=()
    echo "== $name"
    SCENARIO_T0=$(now_ms)
    MARKS=
    case "$kind" in
        device|seat) run_driven "$name" "$dir" "$kind" || ok=0 ;;
        recording) run_recording "$name" "$dir" "$arg" || ok=0 ;;
    esac
    stop_reader
    mark stopped
    if [ "$ok" = 1 ]; then
        if ! declare -F "$fn" >/dev/null; then
            ok=0; WHY="no $fn in expect/$GK_READER.sh"
        else
            WHY=$("$fn" "$dir/reader.out" "$dir" 2>&1) || ok=0
            [ "$ok" = 1 ] || WHY=${WHY:-"$fn failed"}
        fi
    fi
    reader_latency_samples "$dir/reader.out" >"$dir/latency" 2>/dev/null
    cat "$dir/latency" >>"$LATENCY_ALL"
    report_latency "$name" "$dir/latency"
    echo "    timing (ms since start):$MARKS"
    if [ "$ok" = 1 ]; then record "$name" PASS; else record "$name" FAIL "$WHY"; fi
}

start_driver   # warms up while the first scenario starts
for want in $GK_SCENARIOS; do
    for row in "${SCENARIO_TABLE[@]}"; do
        # shellcheck disable=SC2086
        set -- $row
        [ "$1" = "$want" ] && run_scenario "$1" "$2" "$3"
    done
done
stop_driver
report_latency "all scenarios" "$LATENCY_ALL"
echo "$PASSED passed, $FAILED failed" | tee -a "$RESULTS"
[ "$FAILED" = 0 ]
