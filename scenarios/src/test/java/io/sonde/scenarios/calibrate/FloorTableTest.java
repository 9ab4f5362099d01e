package io.sonde.scenarios.calibrate;

import io.sonde.loadgen.result.PercentileSummary;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A floor step that could not send its rate measured its own backlog: the table says so and gives it no ratio.
 */
class FloorTableTest
{
    private static final PercentileSummary FAST = new PercentileSummary(20, 30, 40, 50, 60, 70, 1000);
    private static final PercentileSummary QUEUED = new PercentileSummary(1_350_000, 2e6, 3e6, 3e6, 3e6, 3e6, 1000);

    @Test
    void aFixFloorStepThatFellBehindIsNamedAndGivesNoRatioToTcp()
    {
        final List<FloorEntry> tcp = List.of(entry(10_000, 10_000, FAST), entry(100_000, 99_950, FAST));
        final List<FloorEntry> fix = List.of(entry(10_000, 9_990, FAST), entry(100_000, 67_000, QUEUED));
        final StringWriter out = new StringWriter();

        FloorTable.printFix(new PrintWriter(out, true), "1 session", fix, tcp, FAST);

        final String table = out.toString();
        assertTrue(table.contains("WARNING: Sonde's FIX floor fell behind at 100000/s (sent 67000/s)"), table);
        assertTrue(table.contains("behind"), table);
        assertFalse(table.contains("67500.0"), "no ratio for a step that measured its queue: " + table);
        assertFalse(table.contains("fell behind at 10000/s"), table);
    }

    @Test
    void theHostsFloorWarnsOfAStepBehindToo()
    {
        final StringWriter out = new StringWriter();

        FloorTable.print(new PrintWriter(out, true), List.of(entry(200_000, 150_000, QUEUED)), FAST);

        assertTrue(out.toString().contains("WARNING: the host's floor fell behind at 200000/s (sent 150000/s)"),
            out.toString());
    }

    private static FloorEntry entry(final double rate, final double achieved, final PercentileSummary corrected)
    {
        return new FloorEntry(rate, achieved, 1000, 1000, 0, corrected, corrected, FAST, "floor.hlog");
    }
}
