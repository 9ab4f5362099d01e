package io.sonde.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.loadgen.record.HopsByLatencyCsv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The results a report reads: one or more run or sweep folders. Steps at the same rate from different
 * folders (several generators driving one system) are merged into one row by adding their histograms
 * and counts.
 *
 * @param label    how the report names this input ("A", "B" in a comparison, or the folders).
 * @param rows     one per rate (or message size), rising.
 * @param knee     the highest rate (or, in a size sweep, message size) every generator met, or null.
 * @param metadata the first input's run metadata (host, JVM, command), for the configuration disclosure.
 * @param kind     "sweep" or "run".
 */
public record ReportInput(String label, List<ReportRow> rows, Double knee, JsonNode metadata, String kind)
{
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @throws ReportException when a folder is missing, empty, or holds neither a sweep nor a run.
     */
    public static ReportInput read(final String label, final List<Path> folders)
    {
        final Map<Double, ReportRow> rows = new TreeMap<>();
        JsonNode metadata = null;
        String kind = null;
        boolean anySweep = false;
        for (final Path folder : folders)
        {
            if (!Files.isDirectory(folder))
            {
                throw new ReportException("result folder " + folder + " does not exist");
            }
            final Path sweepFile = folder.resolve("sweep.json");
            final Path runFile = folder.resolve("summary.json");
            if (Files.isRegularFile(sweepFile))
            {
                final JsonNode sweep = readJson(sweepFile);
                metadata = metadata == null ? sweep.get("metadata") : metadata;
                readSweep(folder, sweep, rows);
                anySweep = true;
                kind = "sweep";
            }
            else if (Files.isRegularFile(runFile) && "run".equals(readJson(runFile).path("kind").asText()))
            {
                final JsonNode run = readJson(runFile);
                metadata = metadata == null ? run.get("metadata") : metadata;
                addStep(folder, run, null, null, rows);
                kind = kind == null ? "run" : kind;
            }
            else
            {
                throw new ReportException("result folder " + folder + " holds neither sweep.json nor a run's " +
                    "summary.json (is it a 'sonde run' or 'sonde sweep' output folder?)");
            }
        }
        return new ReportInput(label, List.copyOf(rows.values()), anySweep ? knee(rows) : null, metadata, kind);
    }

    private static void readSweep(final Path folder, final JsonNode sweep, final Map<Double, ReportRow> rows)
    {
        final JsonNode steps = sweep.path("steps");
        if (!steps.isArray() || steps.isEmpty())
        {
            throw new ReportException("sweep " + folder + " has no steps");
        }
        final JsonNode floorFolder = sweep.path("floor");
        final FloorCurves floors = FloorCurves.read(floorFolder.isTextual() ? Path.of(floorFolder.asText()) : null);
        for (final JsonNode step : steps)
        {
            final Path stepFolder = folder.resolve(step.path("folder").asText());
            final Path summary = stepFolder.resolve("summary.json");
            if (!Files.isRegularFile(summary))
            {
                throw new ReportException("sweep step folder " + stepFolder + " has no summary.json");
            }
            final JsonNode size = step.path("messageSize");
            final ReportRow row = addStep(stepFolder, readJson(summary),
                step.path("verdict").asText().toLowerCase().replace('_', '-'),
                size.isNumber() ? size.asInt() : null, rows);
            row.floorP99(micros(step.path("floorP99")));
            row.fixFloorP99(micros(step.path("fixFloorP99")));
            row.floorCurves(floors.nearest(row.rate()));
        }
    }

    private static ReportRow addStep(final Path folder, final JsonNode run, final String verdict, final Integer size,
        final Map<Double, ReportRow> rows)
    {
        final double rate = run.path("targetRate").asDouble();
        final ReportRow row = rows.computeIfAbsent(size != null ? size : rate, key -> new ReportRow(rate, size));
        row.addGenerator(run.path("achievedRate").asDouble(), run.path("sent").asLong(),
            run.path("rejected").asLong() + run.path("timedOut").asLong(), verdict);
        final JsonNode failures = run.path("failures");
        for (final Iterator<Map.Entry<String, JsonNode>> it = failures.fields(); it.hasNext(); )
        {
            final Map.Entry<String, JsonNode> failure = it.next();
            row.addFailure(failure.getKey(), failure.getValue().asLong());
        }
        final List<String> logs = new ArrayList<>();
        run.path("intervalLogs").forEach(log -> logs.add(log.asText()));
        if (logs.isEmpty())
        {
            logs.add("run.hlog");
        }
        for (final String log : logs)
        {
            final Path file = folder.resolve(Path.of(log).getFileName().toString());
            row.log().add(file);
        }
        final Path hopsByLatency = folder.resolve(HopsByLatencyCsv.FILE_NAME);
        if (Files.isRegularFile(hopsByLatency))
        {
            row.addHopsByLatency(hopsByLatency);
        }
        return row;
    }

    /**
     * A floor's p99 from a sweep step; null when the sweep had none (older sweeps have no FIX floor at all).
     */
    private static Double micros(final JsonNode value)
    {
        return value.isNumber() ? value.asDouble() : null;
    }

    /**
     * @return the row a report looks at closely: the knee's, else the last.
     */
    public ReportRow focusRow()
    {
        if (knee != null)
        {
            for (final ReportRow row : rows)
            {
                if (row.key() == knee)
                {
                    return row;
                }
            }
        }
        return rows.get(rows.size() - 1);
    }

    private static Double knee(final Map<Double, ReportRow> rows)
    {
        Double knee = null;
        for (final ReportRow row : rows.values())
        {
            if (!row.met())
            {
                break;
            }
            knee = row.key();
        }
        return knee;
    }

    private static JsonNode readJson(final Path file)
    {
        try
        {
            return JSON.readTree(file.toFile());
        }
        catch (final IOException ex)
        {
            throw new ReportException(file + " is not readable JSON: " + ex.getMessage());
        }
    }
}
