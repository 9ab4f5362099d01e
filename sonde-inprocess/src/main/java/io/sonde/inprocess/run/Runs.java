package io.sonde.inprocess.run;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.RunSpec;
import io.sonde.api.RunSummary;
import io.sonde.fix.client.session.Credentials;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.api.RunFailedException;

import java.nio.file.Path;
import java.util.List;

/**
 * One run, checked and then carried out: what {@code sonde run} and {@link io.sonde.inprocess.Sonde#run} both call.
 * Everything that can be found wrong before anything connects or is written (the venue profile, the credentials,
 * the ClOrdID layout) is found by {@link #prepare}.
 */
public final class Runs
{
    private final RunSpec spec;
    private final LoadPlan plan;
    private final Credentials credentials;

    private Runs(final RunSpec spec, final LoadPlan plan, final Credentials credentials)
    {
        this.spec = spec;
        this.plan = plan;
        this.credentials = credentials;
    }

    /**
     * @throws io.sonde.api.InvalidOptionException for an option only found wrong once read: a venue profile,
     *                                             credentials, a ClOrdID prefix the venue cannot take, a fault the
     *                                             bundled exchange's member processes cannot take, a floor folder
     *                                             without a calibration.
     */
    public static Runs prepare(final RunSpec spec)
    {
        ExchangeSpec.checkMemberFaults(spec.faults());
        spec.floor().ifPresent(FloorReference::read);
        final LoadPlan plan = LoadPlan.checked(spec.load());
        return new Runs(spec, plan, plan.credentials());
    }

    /**
     * Start the target (an embedded exchange, if asked), run the one measured step (its runs, with
     * {@code --repeat}), write {@code run.hlog} (and each further run's log) and {@code summary.json} into the spec's
     * output folder, and stop the target.
     *
     * @param commandLine the command as typed, for the run metadata; empty from the API.
     * @param live        told of every interval: a live metrics endpoint, or {@link IntervalListener#NONE}.
     * @param stop        cuts the run short when requested (Ctrl-C, SIGTERM); its summary says so.
     * @throws RunFailedException when the run could not be carried out; its {@code summary.json} says why, with a
     *                            void check ({@link NotCarriedOut}).
     */
    public RunSummary execute(
        final ProgressConsole console,
        final List<String> commandLine,
        final IntervalListener live,
        final StopSignal stop)
    {
        final Path folder = OutputFolder.prepare(spec.out());
        final long startEpochMs = System.currentTimeMillis();
        try (TargetSystem system = TargetSystem.open(plan, credentials, console))
        {
            return new FixStep(spec.offeredRate(), spec.warmup(), spec.measured(), spec.limits(), null, true,
                spec.faults(), spec.repeat())
                .execute(plan, system, credentials, folder, folder,
                    new StepReporting(console, "[run]", "", commandLine, live, stop));
        }
        catch (final RunFailedException ex)
        {
            NotCarriedOut.write(folder, spec.load().target().map(Object::toString).orElse("embedded"), plan,
                spec.offeredRate(), ex.getMessage(), commandLine, startEpochMs);
            throw ex;
        }
    }
}
