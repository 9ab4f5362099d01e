#!/usr/bin/env bash
# What the probe costs at 1 order/s: the CPU share of one core and the resident memory of the probe's JVM,
# sampled from /proc while it probes the bundled exchange (a separate process, not counted, backing off so it
# never spins against the probe for the two cores of a small host).
#
#   prod-probe/bench/probe-cost.sh [MEASURE_SECONDS] [OUT_DIR]      (defaults: 600, /tmp/sonde-probe-cost)
#
# The probe's JVM gets PROBE_JAVA_OPTS (default: a 96 MB heap and the serial collector, as a probe should be
# deployed: it allocates little and needs no parallel GC threads).
# Prints one row per sample and a total; keeps the probe's .hlog (raw histograms) and summary in OUT_DIR.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
measure_seconds="${1:-600}"
out="${2:-/tmp/sonde-probe-cost}"
warmup_seconds=60
sample_seconds="${SAMPLE_SECONDS:-60}"
port=$((20000 + RANDOM % 20000))
ticks_per_second="$(getconf CLK_TCK)"

rm -rf "$out" && mkdir -p "$out"
"$root/sonde" exchange --port "$port" --idle backoff > "$out/exchange.log" 2>&1 &
exchange_pid=$!
probe_pid=""
cleanup() {
    [[ -n "$probe_pid" ]] && kill "$probe_pid" 2>/dev/null && wait "$probe_pid" 2>/dev/null || true
    kill "$exchange_pid" 2>/dev/null && wait "$exchange_pid" 2>/dev/null || true
}
trap cleanup EXIT INT TERM
until grep -q READY "$out/exchange.log"; do
    kill -0 "$exchange_pid" 2>/dev/null || { cat "$out/exchange.log"; exit 1; }
    sleep 1
done

cat > "$out/probe.properties" <<PROPERTIES
target.host=127.0.0.1
target.port=$port
sender.comp.id=PROBE1
target.comp.id=SONDE-EXCH
symbol=SONDE.A
account=PROBE-BENCH
side=1
price=90.00
reference.price=100.00
rate=1
cap.orders.per.second=2
cap.open.orders=4
cap.orders.per.day=100000
slo.ack=new-ack p99 <= 50ms over 5m
metrics.port=0
state.dir=$out/state
results.dir=$out/results
PROPERTIES
SONDE_JAVA_OPTS="${PROBE_JAVA_OPTS:--Xmx96m -XX:+UseSerialGC}" \
    "$root/sonde" probe --config "$out/probe.properties" > "$out/probe.log" 2>&1 &
probe_pid=$!

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_mb() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
hwm_mb() { awk '/VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }

sleep "$warmup_seconds"
start_ticks="$(cpu_ticks "$probe_pid")"
start_time="$(date +%s.%N)"
printf '%-8s %-14s %-10s\n' "minute" "cpu % of core" "rss MB"
previous_ticks="$start_ticks"
previous_time="$start_time"
for ((elapsed = sample_seconds; elapsed <= measure_seconds; elapsed += sample_seconds)); do
    sleep "$sample_seconds"
    ticks="$(cpu_ticks "$probe_pid")"
    now="$(date +%s.%N)"
    printf '%-8s %-14s %-10s\n' "$((elapsed / 60))" \
        "$(echo "scale=3; 100 * ($ticks - $previous_ticks) / $ticks_per_second / ($now - $previous_time)" | bc)" \
        "$(rss_mb "$probe_pid")"
    previous_ticks="$ticks"
    previous_time="$now"
done
total="$(echo "scale=3; 100 * ($previous_ticks - $start_ticks) / $ticks_per_second / ($previous_time - $start_time)" | bc)"
echo "total: ${total}% of one core over ${measure_seconds}s; RSS now $(rss_mb "$probe_pid") MB, peak $(hwm_mb "$probe_pid") MB"
kill "$probe_pid" && wait "$probe_pid" 2>/dev/null || true
probe_pid=""
grep -E "summary:|ALERT|FIRING" "$out/probe.log" || true
