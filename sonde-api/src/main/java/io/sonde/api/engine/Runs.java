package io.sonde.api.engine;

import io.sonde.api.RunSpec;
import io.sonde.fix.client.session.Credentials;
import io.sonde.loadgen.runner.IntervalListener;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Carries out one run: what {@code sonde run} and {@link io.sonde.api.Sonde#run} both call.
 */
public final class Runs
{
    private Runs()
    {
    }

    /**
     * Start the target (an embedded exchange, if asked), run the one measured step, write {@code run.hlog} and
     * {@code summary.json} into the spec's output folder, and stop the target.
     *
     * @param commandLine the command as typed, for the run metadata; empty from the API.
     * @param live        told of every interval: a live metrics endpoint, or {@link IntervalListener#NONE}.
     * @throws io.sonde.api.InvalidOptionException     for an option only found wrong once read (a venue profile).
     * @throws io.sonde.loadgen.runner.RunFailedException when the run could not be carried out.
     */
    public static FixRunSummary run(
        final RunSpec spec, final PrintWriter console, final List<String> commandLine, final IntervalListener live)
    {
        final LoadPlan plan = LoadPlan.of(spec.load());
        final Credentials credentials = plan.credentials();
        plan.clOrdIds();
        final Path folder = OutputFolder.prepare(spec.out());
        try (TargetSystem system = TargetSystem.open(plan, credentials, console))
        {
            return new FixStep(spec.offeredRate(), spec.warmup(), spec.measured(), spec.limits(), null, true)
                .execute(plan, system, credentials, folder, folder,
                    new StepReporting(console, "[run]", "", commandLine, live));
        }
    }
}
