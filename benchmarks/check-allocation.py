#!/usr/bin/env python3
"""Summarise a JMH JSON result (-rf json) and fail when a benchmark allocates.

Prints one row per benchmark: time per operation with its 99.9 % error, and gc.alloc.rate.norm, the bytes
allocated per operation by every thread of the fork (JMH's gc profiler). Exits 1 when any benchmark is over
the limit or was run without -prof gc, so "allocation-free" is checked rather than read off a screen.
"""
import argparse
import json
import math
import sys

ALLOCATION = "gc.alloc.rate.norm"


def number(value):
    # JMH writes "NaN" (a string) for the error of a single iteration.
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="JMH result file written with -rf json")
    parser.add_argument("--max-bytes-per-op", type=float, default=1.0,
                        help="fail above this many bytes per operation (default 1)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    arguments = parser.parse_args()

    with open(arguments.results, encoding="utf-8") as file:
        results = json.load(file)
    if not results:
        print("no benchmark results in " + arguments.results, file=sys.stderr)
        return 1

    rows = []
    failures = []
    for result in results:
        # io.sonde.fix.client.order.ClOrdIdBenchmark.encode -> ClOrdIdBenchmark.encode
        name = ".".join(result["benchmark"].split(".")[-2:])
        primary = result["primaryMetric"]
        error = number(primary["scoreError"])
        time = "%.1f" % primary["score"] + ("" if math.isnan(error) else " ± %.1f" % error)
        allocation = result.get("secondaryMetrics", {}).get(ALLOCATION)
        if allocation is None:
            failures.append(name + ": no " + ALLOCATION + " (run with -prof gc)")
            bytes_per_op = "?"
        else:
            bytes_per_op = "%.3f" % allocation["score"]
            if allocation["score"] > arguments.max_bytes_per_op:
                failures.append("%s: %s B/op allocated, limit %g" %
                                (name, bytes_per_op, arguments.max_bytes_per_op))
        rows.append((name, time + " " + primary["scoreUnit"], bytes_per_op))

    if arguments.markdown:
        print("| benchmark | time per op (± 99.9 % error) | B/op |")
        print("|---|---|---|")
        for row in rows:
            print("| `%s` | %s | %s |" % row)
    else:
        width = max(len(row[0]) for row in rows)
        for row in rows:
            print("%-*s  %24s  %10s B/op" % (width, row[0], row[1], row[2]))

    for failure in failures:
        print("ALLOCATES: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
