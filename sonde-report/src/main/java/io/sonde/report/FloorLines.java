package io.sonde.report;

import io.sonde.api.FloorChoice;
import io.sonde.api.FloorReport;
import io.sonde.api.RunReport;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A result beside the host's floors: which calibration it is read against and why (or why none), the floors at its
 * rate and its p99 divided by them, and a warning for a floor that cannot be one. The system under test runs on the
 * host, so its p99 below the bare host's (a ratio under 1) says the calibration was made on a busier host than the
 * result: the floor is noise, and every ratio to it is wrong.
 */
public final class FloorLines
{
    private FloorLines()
    {
    }

    /**
     * What {@code sonde run} prints after its table: the floor it is read against, its p99 at the run's rate and the
     * ratios, or why there is none.
     *
     * @throws ReportException naming the floor's file when it cannot be read.
     */
    public static void print(final PrintWriter out, final RunReport run, final FloorChoice choice)
    {
        final FloorReport floor = ReportInput.readFloor(choice.folder().orElse(null));
        if (floor == null)
        {
            out.println(choice.describe());
            return;
        }
        final String where = String.format(Locale.ROOT, "%.0f/s", run.targetRate());
        final double p99 = run.corrected().p99();
        final Double tcp = floor.nearest(run.targetRate()).map(entry -> entry.corrected().p99()).orElse(null);
        final Double fix = floor.nearestFix(run.targetRate()).map(entry -> entry.corrected().p99()).orElse(null);
        out.printf(Locale.ROOT, "%s: floor p99 %s, p99 ÷ floor %s; Sonde's FIX floor p99 %s, p99 ÷ FIX floor %s%n",
            choice.describe(), micros(tcp), times(p99, tcp), micros(fix), times(p99, fix));
        notFloors(where, p99, tcp, fix).forEach(out::println);
    }

    /**
     * @param where   the step, e.g. {@code 20000/s}.
     * @param p99     its corrected p99, µs.
     * @param floor   the TCP floor's p99 at its rate, µs, or null.
     * @param fixFloor Sonde's FIX floor's p99 at its rate, µs, or null.
     * @return a warning for each floor the step's p99 is below; none when it is above both.
     */
    static List<String> notFloors(final String where, final double p99, final Double floor, final Double fixFloor)
    {
        final List<String> warnings = new ArrayList<>();
        if (floor != null && floor > 0 && p99 < floor)
        {
            warnings.add(notAFloor("floor", p99 / floor, where));
        }
        if (fixFloor != null && fixFloor > 0 && p99 < fixFloor)
        {
            warnings.add(notAFloor("FIX floor", p99 / fixFloor, where));
        }
        return warnings;
    }

    private static String notAFloor(final String floor, final double ratio, final String where)
    {
        return String.format(Locale.ROOT, "WARNING floor: p99 ÷ %s is %.2f× at %s, below 1: the %s measurement is " +
            "not a floor (the host was busier while calibrating than while this ran); re-run sonde calibrate on a " +
            "quiet host", floor, ratio, where, floor);
    }

    private static String micros(final Double micros)
    {
        return micros == null ? "-" : Latency.formatMicros(micros);
    }

    private static String times(final double p99, final Double floor)
    {
        return floor == null || floor <= 0 ? "-" : String.format(Locale.ROOT, "%.1f×", p99 / floor);
    }
}
