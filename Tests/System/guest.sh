#!/bin/bash
# Runs inside the system-test guest (chrooted into the host's read-only /, see
# init), or on the host with --list. For every selected scenario: create the
# devices (driver.py, or evemu-device for a recording), start every reader on
# them, wait until each reader has them, play once, stop the readers, check each
# reader's output against its own expectations.
#
# Readers (GK_READERS, space separated, e.g. "gesture-demo libinput") watch the
# same input at the same time; each is a pluggable pair:
#   readers/<reader>.sh  how to start the reader and tell that it has a device
#   expect/<reader>.sh   one expect_<scenario> function per scenario
set -u

# name                          kind       argument
# argument: for device and seat scenarios, "-" or reader options KEY=VALUE[,KEY=VALUE...]
# (rotation, corner-mm, output-size), which each reader adapter applies as far as it can;
# for recordings, the file.
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
    "tp-scroll                  device     -"
    "unplug-mid-pan             seat       -"
    "hotplug-second-touchscreen seat       -"
    "seatd-tap                  seatd      -"
    "rec-atmel-9taps            recording  ts-atmel-maxtouch-1finger-9taps.evemu"
    "rec-isdv4-edge-swipe       recording  ts-wacom-isdv4-1finger-swipe-from-left-edge.evemu"
    "rec-intuos5-2finger-swipe  recording  tp-wacom-intuos5-2finger-swipe-right.evemu"
    "rec-synaptics-scroll-down  recording  tp-synaptics-clickpad-2finger-scroll-down.evemu"
    "ts-rot90-edges             device     rotation=90,corner-mm=12,output-size=1080x1920"
    "ts-palm-tool               device     -"
    "ts-large-contact           device     -"
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
export GK_SYSTEM

READY_TIMEOUT=${GK_READY_TIMEOUT:-20}   # s until a reader must have every device (run --ready-timeout)
export GK_READY_TIMEOUT=$READY_TIMEOUT    # the driver waits that long, and 10 s more, for its go
SCENARIO_TIMEOUT=60    # s for one scenario's driver / player
SETTLE_QUIET_MS=200    # default; a reader adapter may set READER_SETTLE_MS (recognizer timers)

note() { echo "guest: $*"; }

# reader_exec CMD...: for the adapters in readers/, in a background job: becomes
# CMD with SIGINT and SIGTERM at their defaults (a script's background jobs inherit
# SIGINT ignored; a reader relying on the default action would never stop).
reader_exec() { exec env --default-signal=INT,TERM "$@"; }

# Every adapter defines the same four functions; each reader's copies are kept
# under "<reader>__<function>" (dashes become underscores) and called through rcall.
# Expectation files are sourced later, one at a time, in subshells.
READERS=(${GK_READERS:-libinput})
declare -A SETTLE_MS
ADAPTER_FUNCS="reader_start reader_added_count reader_removed_count reader_latency_samples"
load_reader() {
    local r=$1 f
    unset READER_SETTLE_MS
    # shellcheck disable=SC2086
    unset -f $ADAPTER_FUNCS
    for f in "$SYS/readers/$r.sh" "$SYS/expect/$r.sh"; do
        [ -f "$f" ] || { note "missing $f"; exit 2; }
        bash -n "$f" || { note "syntax error in $f"; exit 2; }
    done
    # shellcheck source=/dev/null
    . "$SYS/readers/$r.sh"
    for f in $ADAPTER_FUNCS; do
        declare -F "$f" >/dev/null || { note "readers/$r.sh defines no $f"; exit 2; }
        eval "${r//-/_}__$(declare -f "$f")"
    done
    SETTLE_MS[$r]=${READER_SETTLE_MS:-$SETTLE_QUIET_MS}
}
rcall() { local r=$1 fn=$2; shift 2; "${r//-/_}__$fn" "$@"; }
for r in "${READERS[@]}"; do load_reader "$r"; done
[ -f "$SYS/expect/common.sh" ] || { note "missing $SYS/expect/common.sh"; exit 2; }

now_ms() { local t=${EPOCHREALTIME/[.,]/}; echo $(( t / 1000 )); }

note "kernel $(uname -r), $(nproc) cpu(s), readers: ${READERS[*]}; starting systemd-udevd"
/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1 || { note "systemd-udevd did not start"; exit 2; }
[ -e /dev/uinput ] || { note "/dev/uinput missing (uinput module not loaded?)"; exit 2; }

mkdir -p "$GK_WORK/scenarios"
RESULTS=$GK_WORK/results
: >"$RESULTS"
PASSED=0
FAILED=0
declare -A LATENCY_ALL
for r in "${READERS[@]}"; do LATENCY_ALL[$r]=$GK_WORK/latency-all.$r; : >"${LATENCY_ALL[$r]}"; done
RWIDTH=0
for r in "${READERS[@]}"; do [ ${#r} -gt $RWIDTH ] && RWIDTH=${#r}; done

record() {   # record NAME READER STATUS [WHY]
    local line tag
    tag=$(printf "%-$((RWIDTH + 2))s" "[$2]")
    if [ "$3" = PASS ]; then line="PASS $tag $1"; PASSED=$((PASSED + 1))
    else line="FAIL $tag $1: $(printf '%s' "$4" | tr -s '\n\t' '  ')"; FAILED=$((FAILED + 1)); fi
    echo "$line"
    echo "$line" >>"$RESULTS"
}

# ------------------------------------------------------------------ reader helpers
# Per scenario: RPID[reader], RLOG[reader] (its stdout, <dir>/<reader>.out), and
# RWHY[reader], set once that reader has failed (it is then left out of every
# later wait; the others go on).
declare -A RPID RLOG RWHY
live_readers() {   # the readers that have not failed yet
    local r
    for r in "${READERS[@]}"; do [ -z "${RWHY[$r]:-}" ] && echo "$r"; done
}

start_readers() {   # start_readers DIR ARGS... (ARGS: --device NODE ... | --seat SEAT, then --option KEY=VALUE ...)
    local dir=$1 r
    shift
    for r in "${READERS[@]}"; do
        RLOG[$r]=$dir/$r.out
        : >"${RLOG[$r]}"
        echo "$*" >"$dir/$r.args"
        READER_PID=
        if ! rcall "$r" reader_start "${RLOG[$r]}" "$dir/$r.err" "$@" || [ -z "$READER_PID" ]; then
            RWHY[$r]="the reader did not start: $(tail -n 2 "$dir/$r.err" 2>/dev/null | tr '\n' ' ')"
        fi
        RPID[$r]=$READER_PID
    done
}

# ANNOUNCED[node]: how many times a device got that node in this scenario (the
# kernel reuses a freed node, so readiness and removal are counted, not just seen).
declare -A ANNOUNCED

# wait_readers_have NODE... ; 0 once every live reader reported every NODE, 1 if no
# reader is left (a reader that exits or misses the 20 s limit gets its RWHY).
wait_readers_have() {
    local deadline=$(( $(now_ms) + READY_TIMEOUT * 1000 )) node missing n r pending
    for node in "$@"; do ANNOUNCED[$node]=$(( ${ANNOUNCED[$node]:-0} + 1 )); done
    while :; do
        pending=0
        for r in $(live_readers); do
            missing=
            for node in "$@"; do
                n=$(rcall "$r" reader_added_count "${RLOG[$r]}" "$node")
                [ "${n:-0}" -ge "${ANNOUNCED[$node]}" ] || missing="$missing $node"
            done
            [ -z "$missing" ] && continue
            if ! kill -0 "${RPID[$r]}" 2>/dev/null; then
                RWHY[$r]="reader exited before reporting$missing ($(tail -n 3 "${RLOG[$r]%.out}.err" | tr '\n' ' '))"
            elif [ "$(now_ms)" -gt "$deadline" ]; then
                RWHY[$r]="reader did not report$missing within ${READY_TIMEOUT}s"
            else
                pending=1
            fi
        done
        [ -n "$(live_readers)" ] || { WHY="no reader has the devices"; return 1; }
        [ "$pending" = 0 ] && return 0
        sleep 0.02
    done
}

# Called once the scenario's devices are gone (driver exited, evemu-device killed).
# A reader has read everything once it has reported every device's removal (evdev
# delivers the removal after the last event); then its output must stay quiet for
# its READER_SETTLE_MS (recognizer timers). Limits: 10 s for the removals, 5 s quiet.
settle_readers() {
    local start now size quiet_since node missing n r all_quiet
    declare -A last_size quiet_at
    start=$(now_ms)
    while :; do
        missing=
        for r in $(live_readers); do
            for node in "${!ANNOUNCED[@]}"; do
                n=$(rcall "$r" reader_removed_count "${RLOG[$r]}" "$node")
                [ "${n:-0}" -ge "${ANNOUNCED[$node]}" ] || missing="$missing $r:$node"
            done
        done
        [ -z "$missing" ] && break
        if [ $(( $(now_ms) - start )) -ge 10000 ]; then
            echo "    note: no removal report within 10 s for$missing"
            break
        fi
        sleep 0.02
    done
    start=$(now_ms)
    for r in $(live_readers); do last_size[$r]=-1; quiet_at[$r]=$start; done
    while [ $(( $(now_ms) - start )) -lt 5000 ]; do
        now=$(now_ms)
        all_quiet=1
        for r in $(live_readers); do
            size=$(stat -c %s "${RLOG[$r]}" 2>/dev/null || echo 0)
            if [ "$size" != "${last_size[$r]}" ]; then last_size[$r]=$size; quiet_at[$r]=$now; fi
            [ $(( now - ${quiet_at[$r]} )) -ge "${SETTLE_MS[$r]}" ] || all_quiet=0
        done
        [ "$all_quiet" = 1 ] && return 0
        sleep 0.03
    done
}

# Stops every reader still running: SIGINT; SIGTERM after 3 s; SIGKILL 2 s later.
# Notes how each ended in <reader>.status. A reader that had already exited on its
# own (crash) fails the scenario for that reader.
stop_readers() {
    local start r sig rc pid
    declare -A sigs
    start=$(now_ms)
    for r in "${READERS[@]}"; do
        pid=${RPID[$r]:-}
        [ -n "$pid" ] || continue
        if kill -0 "$pid" 2>/dev/null; then
            kill -INT "$pid" 2>/dev/null; sigs[$r]=INT
        else
            sigs[$r]=none
        fi
    done
    for r in "${READERS[@]}"; do
        pid=${RPID[$r]:-}
        [ -n "$pid" ] || continue
        sig=${sigs[$r]}
        while [ "$sig" != none ] && kill -0 "$pid" 2>/dev/null; do
            if [ "$sig" = INT ] && [ $(( $(now_ms) - start )) -ge 3000 ]; then
                sig=TERM; kill -TERM "$pid" 2>/dev/null
                echo "    note: $r ignored SIGINT for 3 s, sent SIGTERM"
            elif [ "$sig" = TERM ] && [ $(( $(now_ms) - start )) -ge 5000 ]; then
                sig=KILL; kill -KILL "$pid" 2>/dev/null
                echo "    note: $r ignored SIGTERM, sent SIGKILL"
            fi
            sleep 0.03
        done
        wait "$pid" 2>/dev/null
        rc=$?
        if [ "$sig" = none ]; then
            echo "exited on its own with status $rc before the end" >"${RLOG[$r]%.out}.status"
            [ -n "${RWHY[$r]:-}" ] || RWHY[$r]="the reader exited on its own (status $rc) before the scenario ended: $(tail -n 2 "${RLOG[$r]%.out}.err" | tr '\n' ' ')"
        else
            echo "exit $rc after SIG$sig" >"${RLOG[$r]%.out}.status"
        fi
        RPID[$r]=
    done
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

run_driven() {   # run_driven NAME DIR MODE [OPTIONS]   (MODE: device | seat; OPTIONS: see SCENARIO_TABLE)
    local name=$1 dir=$2 mode=$3 options=${4:--} phase=1 nodes node args deadline drc opt
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
                [ "$mode" = seatd ] && args+=(--seatd)
                [ "$options" = - ] || for opt in ${options//,/ }; do args+=(--option "$opt"); done
                start_readers "$dir" "${args[@]}"
            fi
            # shellcheck disable=SC2086
            if ! wait_readers_have $nodes; then
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
    [ -n "${RLOG[${READERS[0]}]:-}" ] || { WHY="the driver never announced a device"; return 1; }
    settle_readers
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
    start_readers "$dir" --device "$node"
    if ! wait_readers_have "$node"; then
        kill "$epid" 2>/dev/null; wait "$epid" 2>/dev/null
        return 1
    fi
    mark reader-has-phase-1
    timeout "$SCENARIO_TIMEOUT" evemu-play "$node" <"$file" >"$dir/evemu-play.out" 2>&1
    prc=$?
    mark played
    kill "$epid" 2>/dev/null; wait "$epid" 2>/dev/null
    settle_readers
    mark settled
    if [ "$prc" != 0 ]; then
        WHY="evemu-play exited with $prc: $(tail -n 2 "$dir/evemu-play.out" | tr '\n' ' ')"
        return 1
    fi
    return 0
}

# seatd for a scenario whose reader runs unprivileged: seat0 not bound to a VT (the
# guest's console is a serial line), its socket (/run/seatd.sock) owned by group
# nogroup so that user nobody may connect and nobody else but root.
SEATD_PID=
start_seatd() {   # start_seatd DIR
    local deadline=$(( $(now_ms) + READY_TIMEOUT * 1000 ))
    command -v seatd >/dev/null || { WHY="seatd is not installed (package seatd)"; return 1; }
    rm -f /run/seatd.sock
    SEATD_VTBOUND=0 seatd -g nogroup -l info >"$1/seatd.log" 2>&1 &
    SEATD_PID=$!
    while [ ! -S /run/seatd.sock ]; do
        if ! kill -0 "$SEATD_PID" 2>/dev/null || [ "$(now_ms)" -gt "$deadline" ]; then
            WHY="seatd did not start: $(tail -n 3 "$1/seatd.log" | tr '\n' ' ')"
            return 1
        fi
        sleep 0.02
    done
    mark seatd
}
stop_seatd() {
    [ -n "$SEATD_PID" ] || return 0
    kill "$SEATD_PID" 2>/dev/null; wait "$SEATD_PID" 2>/dev/null
    SEATD_PID=
}

# Milestones of the current scenario, printed as one "timing:" line.
mark() { MARKS="$MARKS $1=$(( $(now_ms) - SCENARIO_T0 ))"; }

# ------------------------------------------------------------------ latency
# A reader adapter's reader_latency_samples prints, per recognizer callback, the
# microseconds from the libinput event to the callback, one per line (gesture-demo
# does; libinput debug-events has none).
percentile() {   # percentile P < sorted numbers
    awk -v p="$1" '{ v[NR] = $1 } END { if (NR == 0) exit; i = int((p / 100) * NR + 0.999999); if (i < 1) i = 1; if (i > NR) i = NR; print v[i] }'
}
report_latency() {   # report_latency LABEL FILE-OF-SAMPLES [READER]
    local n p50 p99
    n=$(grep -c . "$2" 2>/dev/null) || n=0
    [ "$n" -gt 0 ] || return 0
    p50=$(sort -n "$2" | percentile 50)
    p99=$(sort -n "$2" | percentile 99)
    echo "LATENCY $1: p50=${p50}us p99=${p99}us n=$n${3:+ ($3)}"
}

# ------------------------------------------------------------------ main loop
check_reader() {   # check_reader READER NAME DIR: runs expect_<name> from expect/<reader>.sh
    local r=$1 fn=expect_${2//-/_} dir=$3
    (
        # shellcheck source=/dev/null
        . "$SYS/expect/common.sh"
        # shellcheck source=/dev/null
        . "$SYS/expect/$r.sh"
        declare -F "$fn" >/dev/null || { echo "no $fn in expect/$r.sh"; exit 1; }
        out=$("$fn" "${RLOG[$r]}" "$dir" 2>&1) && exit 0
        echo "${out:-$fn failed}"
        exit 1
    )
}

run_scenario() {
    local name=$1 kind=$2 arg=$3 dir=$GK_WORK/scenarios/$1 ok=1 r why
    mkdir -p "$dir"
    WHY=
    RPID=(); RLOG=(); RWHY=()
    ANNOUNCED=()
    echo "== $name"
    SCENARIO_T0=$(now_ms)
    MARKS=
    case "$kind" in
        device|seat) run_driven "$name" "$dir" "$kind" "$arg" || ok=0 ;;
        seatd) start_seatd "$dir" && run_driven "$name" "$dir" seatd "$arg" || ok=0 ;;
        recording) run_recording "$name" "$dir" "$arg" || ok=0 ;;
    esac
    stop_readers
    stop_seatd
    mark stopped
    for r in "${READERS[@]}"; do
        if [ "$ok" = 0 ]; then
            why=${RWHY[$r]:-$WHY}
        elif [ -n "${RWHY[$r]:-}" ]; then
            why=${RWHY[$r]}
        else
            if why=$(check_reader "$r" "$name" "$dir"); then why=; else why=${why:-failed}; fi
        fi
        if [ -n "${RLOG[$r]:-}" ]; then
            rcall "$r" reader_latency_samples "${RLOG[$r]}" >"$dir/$r.latency" 2>/dev/null
            cat "$dir/$r.latency" >>"${LATENCY_ALL[$r]}"
            report_latency "$name" "$dir/$r.latency" "$([ ${#READERS[@]} -gt 1 ] && echo "$r")"
        fi
        if [ "$ok" = 1 ] && [ -z "$why" ]; then record "$name" "$r" PASS
        else record "$name" "$r" FAIL "${why:-failed}"; fi
    done
    echo "    timing (ms since start):$MARKS"
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
for r in "${READERS[@]}"; do
    report_latency "all scenarios" "${LATENCY_ALL[$r]}" "$([ ${#READERS[@]} -gt 1 ] && echo "$r")"
done
echo "$PASSED passed, $FAILED failed" | tee -a "$RESULTS"
[ "$FAILED" = 0 ]
