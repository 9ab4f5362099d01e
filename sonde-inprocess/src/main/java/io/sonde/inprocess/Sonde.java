package io.sonde.inprocess;

import io.sonde.api.InvalidOptionException;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.inprocess.run.Runs;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.inprocess.run.Sweeps;
import io.sonde.loadgen.runner.IntervalListener;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Runs and sweeps in this process, with typed results: the same code the {@code sonde} command line runs, so the
 * two cannot drift.
 * <pre>{@code
 * RunReport report = Sonde.run(RunSpec.builder()
 *     .target("127.0.0.1", 9880)
 *     .sessions(4)
 *     .rate(5_000)
 *     .duration(Duration.ofSeconds(30))
 *     .slo("p99=2ms")
 *     .build());
 * assertEquals(Verdict.PASSED, report.verdict(), report.checks().toString());
 * }</pre>
 * Each call blocks until the run or sweep has finished and its files are written. Runs in one JVM should not
 * overlap: each owns busy threads sized to the host's cores.
 */
public final class Sonde
{
    private Sonde()
    {
    }

    /**
     * Run it, printing one progress line per second to standard output.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile,
     *                               credentials, the output folder), before anything connects.
     * @throws RunFailedException when the run could not be carried out: the target was
     *                               unreachable or refused the logon.
     */
    public static RunReport run(final RunSpec spec)
    {
        return run(spec, stdout());
    }

    /**
     * Run it, printing one progress line per second to {@code console}.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read.
     * @throws RunFailedException when the run could not be carried out.
     */
    public static RunReport run(final RunSpec spec, final PrintWriter console)
    {
        Runs.prepare(spec).execute(console, List.of(), IntervalListener.NONE, new StopSignal());
        console.flush();
        return RunReport.read(spec.out());
    }

    /**
     * Sweep it, printing progress to standard output.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile,
     *                               the floor folder), before anything connects.
     * @throws RunFailedException when a step could not be carried out.
     */
    public static SweepReport sweep(final SweepSpec spec)
    {
        return sweep(spec, stdout());
    }

    /**
     * Sweep it, printing progress to {@code console}.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read.
     * @throws RunFailedException when a step could not be carried out.
     */
    public static SweepReport sweep(final SweepSpec spec, final PrintWriter console)
    {
        Sweeps.prepare(spec).execute(console, List.of(), rate -> IntervalListener.NONE, new StopSignal());
        console.flush();
        return SweepReport.read(spec.out());
    }

    private static PrintWriter stdout()
    {
        final PrintStream out = System.out;
        return new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
    }
}
