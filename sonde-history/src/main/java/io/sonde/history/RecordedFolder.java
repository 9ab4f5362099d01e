package io.sonde.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.loadgen.result.SummaryJson;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the history keeps of a run or sweep output folder: its result files and its effective scenario, verbatim
 * (the interval logs hold every interval's histogram in HdrHistogram's compressed encoding, so a report from them
 * is exact), and the percentiles of each step's series, for queries.
 *
 * @param kind        {@code run} or {@code sweep}.
 * @param startedAtMs when it started, epoch milliseconds.
 * @param target      the system it drove.
 * @param commandLine the arguments it was started with.
 * @param files       by path relative to the folder (always with {@code /}): each file's text.
 * @param steps       one per measured step, in order.
 */
public record RecordedFolder(
    String kind,
    long startedAtMs,
    String target,
    List<String> commandLine,
    Map<String, String> files,
    List<StepPercentiles> steps)
{
    /** A run's summary, in the run's folder and in each step folder of a sweep. */
    public static final String RUN_SUMMARY = "summary.json";
    /** A sweep's summary. */
    public static final String SWEEP_SUMMARY = "sweep.json";
    /** The effective scenario a run or sweep writes beside its results, kept to run it again. */
    public static final String SCENARIO_FILE = "scenario.yaml";
    private static final List<String> SWEEP_FILES = List.of(SWEEP_SUMMARY, "sweep.csv", SCENARIO_FILE);
    private static final List<String> SERIES = List.of("corrected", "uncorrected", "lateness", "hiccup");

    /**
     * @throws HistoryException when the folder holds neither a run's summary.json nor a sweep's sweep.json.
     */
    public static RecordedFolder read(final Path folder)
    {
        final Map<String, String> files = new TreeMap<>();
        final List<StepPercentiles> steps = new ArrayList<>();
        final JsonNode document;
        final String kind;
        if (Files.isRegularFile(folder.resolve(SWEEP_SUMMARY)))
        {
            kind = "sweep";
            for (final String name : SWEEP_FILES)
            {
                keep(folder, name, files);
            }
            document = json(files.get(SWEEP_SUMMARY), folder.resolve(SWEEP_SUMMARY));
            for (final JsonNode step : document.path("steps"))
            {
                final String name = step.path("folder").asText();
                steps.add(readStep(folder, name, files));
            }
        }
        else if (Files.isRegularFile(folder.resolve(RUN_SUMMARY)))
        {
            kind = "run";
            keep(folder, SCENARIO_FILE, files);
            final StepPercentiles step = readStep(folder, "", files);
            steps.add(step);
            document = json(files.get(RUN_SUMMARY), folder.resolve(RUN_SUMMARY));
        }
        else
        {
            throw new HistoryException("folder " + folder + " holds neither a run's summary.json nor a sweep's " +
                "sweep.json");
        }
        final JsonNode metadata = document.path("metadata");
        final List<String> commandLine = new ArrayList<>();
        metadata.path("commandLine").forEach(argument -> commandLine.add(argument.asText()));
        return new RecordedFolder(kind, startedAt(metadata.path("startedAt").asText()),
            document.path("target").asText(""), List.copyOf(commandLine), files, List.copyOf(steps));
    }

    private static StepPercentiles readStep(final Path folder, final String step, final Map<String, String> files)
    {
        final String prefix = step.isEmpty() ? "" : step + "/";
        final Path stepFolder = step.isEmpty() ? folder : folder.resolve(step);
        keep(folder, prefix + RUN_SUMMARY, files);
        final JsonNode summary = json(files.get(prefix + RUN_SUMMARY), stepFolder.resolve(RUN_SUMMARY));
        final List<String> logs = new ArrayList<>();
        summary.path("intervalLogs").forEach(log -> logs.add(Path.of(log.asText()).getFileName().toString()));
        for (final String log : logs.isEmpty() ? List.of("run.hlog") : logs)
        {
            keep(folder, prefix + log, files);
        }
        final Map<String, PercentileSummary> series = new LinkedHashMap<>();
        for (final String name : SERIES)
        {
            putSeries(series, name, summary.path(name));
        }
        for (final Iterator<Map.Entry<String, JsonNode>> stages = summary.path("stages").fields(); stages.hasNext(); )
        {
            final Map.Entry<String, JsonNode> stage = stages.next();
            for (final String name : List.of("corrected", "uncorrected", "lateness"))
            {
                putSeries(series, stage.getKey() + "." + name, stage.getValue().path(name));
            }
        }
        return new StepPercentiles(step, summary.path("targetRate").asDouble(), series);
    }

    private static void putSeries(final Map<String, PercentileSummary> series, final String name, final JsonNode node)
    {
        if (node.isObject())
        {
            try
            {
                series.put(name, SummaryJson.mapper().treeToValue(node, PercentileSummary.class));
            }
            catch (final JsonProcessingException ex)
            {
                throw new HistoryException("series " + name + " is not a percentile summary: " +
                    ex.getOriginalMessage());
            }
        }
    }

    private static void keep(final Path folder, final String relative, final Map<String, String> files)
    {
        final Path file = folder.resolve(relative);
        if (!Files.isRegularFile(file))
        {
            if (relative.endsWith(RUN_SUMMARY) || relative.endsWith(SWEEP_SUMMARY))
            {
                throw new HistoryException(file + " is missing");
            }
            return;
        }
        try
        {
            files.put(relative, Files.readString(file, StandardCharsets.UTF_8));
        }
        catch (final IOException ex)
        {
            throw new HistoryException("cannot read " + file + ": " + ex.getMessage());
        }
    }

    private static JsonNode json(final String text, final Path file)
    {
        try
        {
            return SummaryJson.mapper().readTree(text);
        }
        catch (final JsonProcessingException ex)
        {
            throw new HistoryException(file + " is not readable JSON: " + ex.getOriginalMessage());
        }
    }

    private static long startedAt(final String instant)
    {
        try
        {
            return Instant.parse(instant).toEpochMilli();
        }
        catch (final DateTimeParseException ex)
        {
            throw new HistoryException("the result's metadata has no start time ('" + instant + "')");
        }
    }
}
