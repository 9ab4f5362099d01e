package io.sonde.scenarios.results;

import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryRun;
import io.sonde.history.StepPercentiles;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.time.Latency;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sonde history list}: the recorded runs, newest first.
 */
@Command(name = "list", description = "List recorded runs and sweeps, newest first: id, start (UTC), kind, the " +
    "corrected p50/p99/p99.9 of the run (of a sweep's last step), labels and scenario.",
    mixinStandardHelpOptions = true)
public final class HistoryListCommand implements Callable<Integer>
{
    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
        .withZone(ZoneOffset.UTC);

    @Spec
    private CommandSpec spec;

    @Mixin
    private HistoryQuery query;

    public Integer call()
    {
        final PrintWriter console = spec.commandLine().getOut();
        try (HistoryDatabase history = query.open())
        {
            final List<HistoryRun> runs = query.runs(history);
            if (runs.isEmpty())
            {
                console.println("No recorded runs match in " + history.description());
                return 0;
            }
            console.printf("%6s  %-19s  %-5s  %9s  %9s  %9s  %9s  %-24s  %s%n", "id", "started (UTC)", "kind", "rate",
                "p50", "p99", "p99.9", "labels", "scenario");
            for (final HistoryRun run : runs)
            {
                final List<StepPercentiles> steps = history.percentiles(run.id());
                final StepPercentiles last = steps.isEmpty() ? null : steps.get(steps.size() - 1);
                final Percentiles corrected = last == null ? null : last.get(StepPercentiles.CORRECTED);
                console.printf(Locale.ROOT, "%6d  %-19s  %-5s  %9s  %9s  %9s  %9s  %-24s  %s%n", run.id(),
                    WHEN.format(Instant.ofEpochMilli(run.startedAtMs())), run.kind(),
                    last == null ? "-" : String.format(Locale.ROOT, "%.0f/s", last.rate()),
                    corrected == null ? "-" : Latency.formatMicros(corrected.p50()),
                    corrected == null ? "-" : Latency.formatMicros(corrected.p99()),
                    corrected == null ? "-" : Latency.formatMicros(corrected.p99_9()),
                    run.describeLabels(), run.scenario());
            }
            return 0;
        }
    }
}
