package io.sonde.inprocess.run;

import io.sonde.api.RunOptions.Progress;
import io.sonde.loadgen.record.IntervalSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a terminal an interval's line is rewritten in place and erased before any other line; in a log a measured
 * interval's line comes once five seconds have passed without a line; quiet prints nothing; a setup line is said once.
 */
@Timeout(10)
class ProgressConsoleTest
{
    private final StringWriter written = new StringWriter();
    private final AtomicLong clock = new AtomicLong();

    @Test
    void onATerminalTheIntervalLineIsRewrittenInPlaceAndErasedBeforeAnyOtherLine()
    {
        final ProgressConsole console = console(Progress.IN_PLACE, 200);

        console.progress("[run] 1.0s measure", true);
        console.progress("[run] 2.0s measure", true);
        console.println("[run] warm-up 3.0 s: the JIT settled");
        console.progress("[run] 3.0s measure", true);
        console.close();

        assertEquals("\r[run] 1.0s measure\033[K\r[run] 2.0s measure\033[K" +
            "\r\033[K[run] warm-up 3.0 s: the JIT settled\n" +
            "\r[run] 3.0s measure\033[K\r\033[K", written.toString().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void anInPlaceLineIsCutToTheTerminalSoItNeverWraps()
    {
        final ProgressConsole console = console(Progress.IN_PLACE, 20);

        console.progress("[1/5 1000/s]   10.0s measure target 1000/s", true);

        assertEquals("\r[1/5 1000/s]   10.0\033[K", written.toString(),
            "19 of 20 columns: the cursor stays on the line");
    }

    @Test
    void inALogAMeasuredIntervalIsPrintedOnceFiveSecondsPassedWithoutALine()
    {
        final ProgressConsole console = console(Progress.EVERY_FEW_SECONDS, 80);
        for (int second = 1; second <= 12; second++)
        {
            clock.set(TimeUnit.SECONDS.toNanos(second));
            if (second == 7)
            {
                console.println("an announcement");
            }
            console.progress("interval " + second, true);
        }

        assertEquals("interval 5\nan announcement\ninterval 12\n",
            written.toString().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void inALogAWarmUpsIntervalsAreNotPrinted()
    {
        final ProgressConsole console = console(Progress.EVERY_FEW_SECONDS, 80);
        clock.set(TimeUnit.SECONDS.toNanos(30));

        console.progress("a warm-up interval", false);

        assertEquals("", written.toString());
    }

    @Test
    void quietPrintsNothingAtAll()
    {
        final ProgressConsole console = console(Progress.QUIET, 80);
        clock.set(TimeUnit.SECONDS.toNanos(30));

        console.progress("an interval", true);
        console.println("logged on");
        console.once("layout", "2 busy threads");

        assertEquals("", written.toString());
    }

    @Test
    void aSetupLineIsSaidOnce()
    {
        final ProgressConsole console = console(Progress.EVERY_FEW_SECONDS, 80);

        console.once("layout", "[1/2 1000/s] 2 busy threads");
        console.once("layout", "[2/2 2000/s] 2 busy threads");

        assertEquals("[1/2 1000/s] 2 busy threads\n", written.toString().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aClosingIntervalOfAMomentIsNoIntervalButAStalledFullOneIs()
    {
        final IntervalSnapshot moment = new IntervalSnapshot(13.02, false, true, 0.02, 1, 0, 1, 76_100, 76_100,
            76_100, 50_000);
        final IntervalSnapshot halfASecond = new IntervalSnapshot(13.5, false, true, 0.5, 500, 0, 500, 76_100,
            90_000, 100_000, 50_000);
        final IntervalSnapshot stalled = new IntervalSnapshot(5, false, false, 1, 0, 0, 0, 0, 0, 0, 900_000_000);

        assertFalse(ProgressPrinter.worthALine(moment));
        assertTrue(ProgressPrinter.worthALine(halfASecond));
        assertTrue(ProgressPrinter.worthALine(stalled));
    }

    @Test
    void aMeasuredIntervalOfARepeatIsCalledByItsRun()
    {
        final ProgressConsole console = console(Progress.IN_PLACE, 200);
        final ProgressPrinter printer = new ProgressPrinter(console, "[run]", 1000, StepReporting.MEASURE, 3);

        printer.onInterval(new IntervalSnapshot(2, true, false, 1, 1000, 0, 1000, 76_100, 90_000, 100_000, 50_000, 1));
        printer.onInterval(new IntervalSnapshot(25, false, false, 1, 1000, 0, 1000, 76_100, 90_000, 100_000, 50_000,
            2));

        final String printed = written.toString();
        assertTrue(printed.contains("[run]    2.0s warm-up target"), printed);
        assertTrue(printed.contains("[run]   25.0s run 2/3 target"), printed);
    }

    private ProgressConsole console(final Progress progress, final int columns)
    {
        return ProgressConsole.of(new PrintWriter(written), progress, columns, clock::get);
    }
}
