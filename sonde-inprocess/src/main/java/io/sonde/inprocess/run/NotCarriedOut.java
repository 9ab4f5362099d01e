package io.sonde.inprocess.run;

import io.sonde.api.Check;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.loadgen.result.RunMetadata;

import java.nio.file.Path;
import java.util.List;

/**
 * A run that could not be carried out (the target unreachable, the logon refused): its summary, the API's
 * {@link RunSummary#notCarriedOut}, says so with one void check, written where the run's summary would have been so
 * that a pipeline reading {@code summary.json} after every run finds one, with a verdict of VOID, instead of nothing.
 */
public final class NotCarriedOut
{
    /** The check's group and name, as every summary's checks are named: it exists only when the run was not. */
    public static final String GROUP = "run";
    public static final String NAME = "not carried out";

    private NotCarriedOut()
    {
    }

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
        RunSummary.notCarriedOut(target, plan.flowMix().toString(), plan.sessions(), targetRate, check(reason),
            SummaryFigures.metadata(RunMetadata.capture(commandLine, startEpochMs, null)))
            .write(folder.resolve(RunReport.SUMMARY_FILE));
    }
}
