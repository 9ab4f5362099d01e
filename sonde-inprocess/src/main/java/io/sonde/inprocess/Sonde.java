package io.sonde.inprocess;

import io.sonde.api.CalibrateSpec;
import io.sonde.api.FloorReport;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.ReplaySpec;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.inprocess.floor.Calibration;
import io.sonde.inprocess.run.Replays;
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
 * Runs, sweeps, replays and calibrations in this process, with typed results: the same code the {@code sonde}
 * command line runs, so the two cannot drift.
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
        try
        {
            Runs.prepare(spec).execute(console, List.of(), IntervalListener.NONE, new StopSignal());
        }
        catch (final io.sonde.loadgen.runner.RunFailedException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }
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
        try
        {
            Sweeps.prepare(spec).execute(console, List.of(), rate -> IntervalListener.NONE, new StopSignal());
        }
        catch (final io.sonde.loadgen.runner.RunFailedException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }
        console.flush();
        return SweepReport.read(spec.out());
    }

    /**
     * Replay a recorded FIX message log, printing what it holds and one progress line per second to standard output.
     *
     * @return the result, read back from the output folder: a run's, each recorded message a request.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile, credentials), a log
     *                               that cannot be read or holds nothing to replay, or a warm-up as long as the
     *                               replay, before anything connects.
     * @throws RunFailedException     when the replay could not be carried out: the target was unreachable or
     *                               refused the logon.
     */
    public static RunReport replay(final ReplaySpec spec)
    {
        return replay(spec, stdout());
    }

    /**
     * Replay a recorded FIX message log, printing what it holds and one progress line per second to
     * {@code console}.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option or a log found wrong before anything connects.
     * @throws RunFailedException     when the replay could not be carried out.
     */
    public static RunReport replay(final ReplaySpec spec, final PrintWriter console)
    {
        try
        {
            Replays.prepare(spec).execute(console, List.of(), rate -> IntervalListener.NONE, new StopSignal());
        }
        catch (final io.sonde.loadgen.runner.RunFailedException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }
        console.flush();
        return RunReport.read(spec.out());
    }

    /**
     * Calibrate this host, printing progress to standard output.
     *
     * @return the floors, read back from the output folder.
     * @throws InvalidOptionException when the output folder cannot be made or written.
     * @throws RunFailedException     when a floor could not be measured.
     */
    public static FloorReport calibrate(final CalibrateSpec spec)
    {
        return calibrate(spec, stdout());
    }

    /**
     * Calibrate this host, printing progress to {@code console}: the TCP floor, then the UDP floor, then Sonde's
     * own FIX floor, at each rate. A calibration takes the host's cores as a run does: run neither beside it.
     *
     * @return the floors, read back from the output folder.
     * @throws InvalidOptionException when the output folder cannot be made or written.
     * @throws RunFailedException     when a floor could not be measured: the UDP receiver failed, or the FIX
     *                                sessions could not log on to the reference acceptor.
     */
    public static FloorReport calibrate(final CalibrateSpec spec, final PrintWriter console)
    {
        try
        {
            return Calibration.execute(spec, console);
        }
        catch (final io.sonde.loadgen.runner.RunFailedException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }
        finally
        {
            console.flush();
        }
    }

    private static PrintWriter stdout()
    {
        final PrintStream out = System.out;
        return new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
    }
}
