package io.sonde.scenarios.results;

import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryRun;
import io.sonde.history.StepPercentiles;
import io.sonde.history.TrendPage;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.time.Latency;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sonde history trend}: a scenario's percentiles run after run, with the host's floor beside them.
 */
@Command(name = "trend", description = {
    "Show p50, p99 and p99.9 per recorded run, oldest first, with the floor beside them: the hiccup meter's p99.9 " +
        "in the same run, what the host alone added. For a sweep, its last step. With --html, also as a page " +
        "with a plot."
}, mixinStandardHelpOptions = true)
public final class HistoryTrendCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private HistoryQuery query;

    @Option(names = "--series", defaultValue = "corrected", description = "The series: corrected, uncorrected, " +
        "lateness, a stage's, e.g. new-ack.corrected, or order-to-tick.corrected for runs with --market-data " +
        "(default: ${DEFAULT-VALUE}).")
    private String series;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the trend as an HTML page.")
    private Path html;

    public Integer call()
    {
        final PrintWriter console = spec.commandLine().getOut();
        final List<TrendPage.Point> points = new ArrayList<>();
        final String title;
        try (HistoryDatabase history = query.open())
        {
            final List<HistoryRun> runs = new ArrayList<>(query.runs(history));
            if (runs.isEmpty())
            {
                throw new UserError("no recorded runs" + query.describe() + " in the history " +
                    history.description());
            }
            Collections.reverse(runs);
            for (final HistoryRun run : runs)
            {
                final List<StepPercentiles> steps = history.percentiles(run.id());
                final StepPercentiles last = steps.isEmpty() ? null : steps.get(steps.size() - 1);
                final Percentiles values = last == null ? null : last.get(series);
                if (values == null)
                {
                    continue;
                }
                final Percentiles hiccup = last.get(StepPercentiles.HICCUP);
                points.add(new TrendPage.Point("#" + run.id(),
                    HistoryListCommand.WHEN.format(Instant.ofEpochMilli(run.startedAtMs())), run.describeLabels(),
                    values.p50(), values.p99(), values.p99_9(), hiccup == null ? 0 : hiccup.p99_9()));
            }
            if (points.isEmpty())
            {
                throw new UserError("no matching run has a series '" + series + "'");
            }
            title = series + " latency of " + (runs.stream().map(HistoryRun::scenario).distinct().count() == 1 ?
                "scenario '" + runs.get(0).scenario() + "'" : "runs of several scenarios") + " in " +
                history.description();
        }
        console.println("Trend of " + title + ":");
        console.printf("%6s  %-19s  %9s  %9s  %9s  %9s  %s%n", "run", "started (UTC)", "p50", "p99", "p99.9", "floor",
            "labels");
        for (final TrendPage.Point point : points)
        {
            console.printf(Locale.ROOT, "%6s  %-19s  %9s  %9s  %9s  %9s  %s%n", point.run(), point.started(),
                Latency.formatMicros(point.p50()), Latency.formatMicros(point.p99()),
                Latency.formatMicros(point.p99_9()), Latency.formatMicros(point.floor()), point.labels());
        }
        if (html != null)
        {
            write(html, TrendPage.render(title, points));
            console.println("Wrote " + html);
        }
        return 0;
    }

    private static void write(final Path file, final String content)
    {
        try
        {
            final Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Files.writeString(file, content, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new UserError("cannot write " + file + ": " + ex.getMessage());
        }
    }
}
