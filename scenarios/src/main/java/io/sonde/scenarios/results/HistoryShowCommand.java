package io.sonde.scenarios.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.api.RunReport;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryFolders;
import io.sonde.history.HistoryLocation;
import io.sonde.history.HistoryRun;
import io.sonde.history.PercentileVerdict;
import io.sonde.history.RecordedFolder;
import io.sonde.history.StepBook;
import io.sonde.history.StepMarketData;
import io.sonde.history.StepPercentiles;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.HopTable;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code sonde history show ID}: one recorded run, every series and the hops of every step.
 */
@Command(name = "show", description = "Show one recorded run or sweep: when, what, labels, its files, the " +
    "percentiles of every series of every step and the hops of its answers, and its regression verdict when it had " +
    "a --baseline.",
    mixinStandardHelpOptions = true)
public final class HistoryShowCommand implements Callable<Integer>
{
    private static final List<String> RUN_SERIES = List.of("corrected", "uncorrected", "lateness", "hiccup");

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RUN-ID", description = "A run id from 'sonde history list'.")
    private long id;

    @Option(names = "--history", paramLabel = "URL", description = "The history to read: a file (SQLite) or a " +
        "JDBC URL (default: " + HistoryLocation.DEFAULT_TEXT + ").")
    private String historyUrl;

    public Integer call()
    {
        final PrintWriter console = spec.commandLine().getOut();
        try (HistoryDatabase history = HistoryDatabase.open(HistoryLocation.resolve(historyUrl)))
        {
            final HistoryRun run = history.run(id).orElseThrow(() ->
                new UserError("no run " + id + " in the history " + history.description()));
            console.printf("Run %d: a %s of scenario '%s'%n", run.id(), run.kind(), run.scenario());
            console.printf("  started %s, recorded %s%n", Instant.ofEpochMilli(run.startedAtMs()),
                Instant.ofEpochMilli(run.recordedAtMs()));
            console.printf("  target %s; labels: %s%n", run.target(),
                run.labels().isEmpty() ? "none" : run.describeLabels());
            console.printf("  command: sonde %s%n", String.join(" ", run.commandLine()));
            final Map<String, String> files = history.files(id);
            console.printf("  files: %s ('sonde report %d' reports them)%n", String.join(", ", files.keySet()), id);
            final Map<String, StepMarketData> marketData = new HashMap<>();
            history.marketData(id).forEach(step -> marketData.put(step.step(), step));
            final Map<String, StepBook> books = new HashMap<>();
            history.books(id).forEach(step -> books.put(step.step(), step));
            try (HistoryFolders recorded = HistoryFolders.recorded(history, id))
            {
                for (final StepPercentiles step : history.percentiles(id))
                {
                    printStep(console, step);
                    printMarketData(console, marketData.get(step.step()));
                    printBook(console, books.get(step.step()));
                    printHops(console, recorded.folders().get(0).resolve(step.step()));
                }
            }
            printRegression(console, files.get("run".equals(run.kind()) ? RecordedFolder.RUN_SUMMARY :
                RecordedFolder.SWEEP_SUMMARY));
            return 0;
        }
    }

    private static void printStep(final PrintWriter console, final StepPercentiles step)
    {
        console.printf("%n%s at %.0f/s%n", step.step().isEmpty() ? "Run" : step.step(), step.rate());
        console.printf("  %-22s %9s %9s %9s %9s %9s %9s %9s%n", "series", "p50", "p90", "p99", "p99.9",
            "p99.99", "max", "count");
        for (final Map.Entry<String, Percentiles> series : inReadingOrder(step.series()))
        {
            final Percentiles values = series.getValue();
            console.printf("  %-22s %9s %9s %9s %9s %9s %9s %9d%n", series.getKey(),
                Latency.formatMicros(values.p50()), Latency.formatMicros(values.p90()),
                Latency.formatMicros(values.p99()), Latency.formatMicros(values.p99_9()),
                Latency.formatMicros(values.p99_99()), Latency.formatMicros(values.max()), values.count());
        }
    }

    /**
     * One line of what the step read of the venue's market data (its order-to-tick is among the series above);
     * nothing for a step without market data.
     */
    private static void printMarketData(final PrintWriter console, final StepMarketData marketData)
    {
        if (marketData == null)
        {
            return;
        }
        if (marketData.unavailable() != null)
        {
            console.printf("  order-to-tick unavailable on %s: %s%n", marketData.source(), marketData.unavailable());
            return;
        }
        console.printf("  market data %s: %d of %d orders on the book seen, %d missing, %d gaps%n",
            marketData.source(), marketData.seen(), marketData.expected(), marketData.missing(), marketData.gaps());
    }

    /**
     * What the step's book flow achieved against what it asked for, and what rested at the end, with the warnings
     * it gave; nothing for a step of another flow. Each action's stage is among the series above.
     */
    private static void printBook(final PrintWriter console, final StepBook book)
    {
        if (book == null)
        {
            return;
        }
        console.printf(Locale.ROOT, "  book: depth %d a side; order-to-trade %s (target %s); cancel share %.2f " +
            "(target %s); %,d trades; %,d orders resting when measuring began, %,d at the end, %,d left%n",
            book.depth(), book.orderToTrade() == null ? "none: no trade" :
            String.format(Locale.ROOT, "%.1f", book.orderToTrade()), number(book.targetOrderToTrade()),
            book.cancelShare(), number(book.targetCancelShare()), book.trades(), book.restingAtStart(),
            book.restingAtEnd(), book.left());
        if (!book.warnings().isEmpty())
        {
            book.warnings().lines().forEach(warning -> console.println("  WARNING book: " + warning));
        }
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.valueOf(value);
    }

    /**
     * The step's hops as the run printed them, from its recorded summary.
     *
     * @param folder the step's folder, written back from the history.
     */
    private static void printHops(final PrintWriter console, final Path folder)
    {
        final RunReport step = RunReport.read(folder);
        final RunReport.Stage newAck = step.stages().get(FixOrderTransport.NEW_ACK);
        HopTable.print(console, step.hops(), newAck == null ? Double.NaN : newAck.corrected().p50(), null, null);
    }

    /**
     * The run's own series first, as {@code sonde run} prints them, then each stage's that has samples.
     */
    private static List<Map.Entry<String, Percentiles>> inReadingOrder(final Map<String, Percentiles> all)
    {
        final List<Map.Entry<String, Percentiles>> ordered = new ArrayList<>();
        for (final String name : RUN_SERIES)
        {
            if (all.containsKey(name))
            {
                ordered.add(Map.entry(name, all.get(name)));
            }
        }
        all.entrySet().stream()
            .filter(series -> !RUN_SERIES.contains(series.getKey()) && series.getValue().count() > 0)
            .forEach(ordered::add);
        return ordered;
    }

    /**
     * @return the verdict as the gate printed it; a verdict recorded before intervals has only {@code passed}.
     */
    private static String outcome(final JsonNode verdict)
    {
        if (verdict.hasNonNull("verdict"))
        {
            return PercentileVerdict.Outcome.valueOf(verdict.path("verdict").asText()).printed();
        }
        return verdict.path("passed").asBoolean() ? PercentileVerdict.Outcome.PASS.printed() :
            PercentileVerdict.Outcome.REGRESSION.printed();
    }

    private static void printRegression(final PrintWriter console, final String summary)
    {
        final JsonNode regression;
        try
        {
            regression = summary == null ? null : SummaryJson.mapper().readTree(summary).get("regression");
        }
        catch (final IOException ex)
        {
            throw new UserError("the recorded summary is not readable JSON: " + ex.getMessage());
        }
        if (regression == null || regression.path("baselineRun").isNull())
        {
            return;
        }
        console.printf("%nRegression gate against run %s: %s%n", regression.path("baselineRun").asText(),
            regression.path("passed").asBoolean() ? "passed" : "REGRESSION");
        for (final JsonNode verdict : regression.path("verdicts"))
        {
            final boolean interval = verdict.hasNonNull("ratioLower") && verdict.hasNonNull("ratioUpper");
            console.printf(Locale.ROOT, "  %s %s: %.2fx%s (allowed %.2fx: spread %.2f, floor %.2f) %s%s%n",
                verdict.path("step").asText().isEmpty() ? "run" : verdict.path("step").asText(),
                verdict.path("percentile").asText(), verdict.path("ratio").asDouble(),
                interval ? String.format(Locale.ROOT, " (%.2f–%.2fx)", verdict.path("ratioLower").asDouble(),
                verdict.path("ratioUpper").asDouble()) : "", verdict.path("allowedRatio").asDouble(),
                verdict.path("spread").asDouble(), verdict.path("floor").asDouble(), outcome(verdict),
                verdict.path("note").asText().isEmpty() ? "" : ": " + verdict.path("note").asText());
        }
    }
}
