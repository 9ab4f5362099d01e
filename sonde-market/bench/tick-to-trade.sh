#!/usr/bin/env bash
# Tick-to-trade of the reference strategy on loopback, beside the host's floors: for docs/benchmarks.md.
#
#   sonde-market/bench/tick-to-trade.sh [OUT_DIR]        (default: results/t2t-bench)
#
# Run it on an idle host (no build, no container, no other benchmark): the market and the strategy each claim one
# busy thread, which on two cores lets both spin; a third busy process pushes both to spin-window and inflates every
# figure. The strategy runs for the whole script and logs on again to each market run (it reconnects with backoff).
#
# Writes, under OUT_DIR:
#   cal/               sonde calibrate: the UDP one-way and TCP round-trip floors of this session, taken first;
#   t2t-RATE-I/        three runs at each of 1k, 10k and 50k events/s, a trigger every 10th event (10 s warm-up,
#                      30 s measured): tick-to-trade p50/p99/p99.9, missed triggers, ratioP50 against the floors;
#   t2t-feed/          the feed's capacity: 120k events/s, a trigger every 1000th (achievedEventRate >= 100k,
#                      datagramsNotSent 0, and the strategy's own count of gaps, printed when it stops);
#   sweep/             a market sweep over 1k-50k events/s: the strategy's knee.
#   strategy.log       the strategy's READY line and, at the end, what it saw and sent.
# Read each run's summary.json (tickToTrade) or `./sonde report OUT_DIR/t2t-10k-1`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-results/t2t-bench}"
feed_port=40001
fix_port=9879

mkdir -p "$out"
"$root/sonde" calibrate --out "$out/cal"

"$root/sonde" strategy --feed "udp://127.0.0.1:$feed_port" --market "127.0.0.1:$fix_port" --echo-tag 58 \
    > "$out/strategy.log" 2>&1 &
strategy_pid=$!
cleanup() {
    kill "$strategy_pid" 2>/dev/null && wait "$strategy_pid" 2>/dev/null || true
}
trap cleanup EXIT INT TERM
until grep -q READY "$out/strategy.log"; do
    kill -0 "$strategy_pid" 2>/dev/null || { cat "$out/strategy.log"; exit 1; }
    sleep 1
done

# The strategy claims its own busy thread: the market claims none on its behalf. A run that misses its objective
# exits 1 and the script goes on: its figures are what is wanted.
market=("$root/sonde" market --md-udp "127.0.0.1:$feed_port" --port "$fix_port" --app-busy-threads 0)
run() {
    "$@" || echo "exit $?: $*"
}

for rate in 1k 10k 50k; do
    for run in 1 2 3; do
        run "${market[@]}" --rate "$rate" --trigger-every 10 --warmup 10s --duration 30s --floor "$out/cal" \
            --out "$out/t2t-$rate-$run"
    done
done

run "${market[@]}" --rate 120k --trigger-every 1000 --duration 20s --out "$out/t2t-feed"

run "$root/sonde" market-sweep --md-udp "127.0.0.1:$feed_port" --port "$fix_port" --app-busy-threads 0 \
    --rates 1k,5k,10k,20k,50k --trigger-every 10 --floor "$out/cal" --out "$out/sweep"

cleanup
trap - EXIT INT TERM
cat "$out/strategy.log"
