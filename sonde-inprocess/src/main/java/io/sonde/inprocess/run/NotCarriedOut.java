package io.sonde.inprocess.run;

import io.sonde.api.Check;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.SummaryJson;

import java.nio.file.Path;
import java.util.List;

/**
 * The summary of a run that could not be carried out (the target unreachable, the logon refused): nothing sent, a
 * void check that says why, and the run's metadata. It is written where the run's summary would have been, so a
 * pipeline that reads {@code summary.json} after every run finds one, with a verdict of VOID, instead of nothing.
 *
 * @param kind        {@code run}, as a finished run's summary says.
 * @param target      where the run was to go.
 * @param flows       the flows it was to draw.
 * @param sessions    the sessions it was to open.
 * @param targetRate  the rate it was to offer.
 * @param sent        nothing was.
 * @param notCarriedOut why it could not be carried out.
 * @param checks      the one void check.
 * @param metadata    the command line, start time, host and JVM.
 */
public record NotCarriedOut(
    String kind,
    String target,
    String flows,
    int sessions,
    double targetRate,
    long sent,
    String notCarriedOut,
    List<Check> checks,
    RunMetadata metadata)
{
    /** The check's group and name, as every summary's checks are named. */
    public static final String GROUP = "run";
    public static final String NAME = "carried out";

    /**
     * @return the void check that says why the run was not carried out.
     */
    public static Check check(final String reason)
    {
        return new Check(GROUP, NAME, Check.Outcome.VOID, reason);
    }

    /**
     * Write it as {@code summary.json} in {@code folder}.
     */
    static void write(
        final Path folder,
        final String target,
        final LoadPlan plan,
        final double targetRate,
        final String reason,
        final List<String> commandLine,
        final long startEpochMs)
    {
        SummaryJson.write(folder.resolve("summary.json"), new NotCarriedOut("run", target, plan.flowMix().toString(),
            plan.sessions(), targetRate, 0, reason, List.of(check(reason)),
            RunMetadata.capture(commandLine, startEpochMs, null)));
    }
}
