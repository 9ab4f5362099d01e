package io.sonde.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON files a run and a sweep write, field by field, so that a result read from a folder (a run in
 * this process, the command line's, a container's) is the same object whichever wrote it.
 */
final class SummaryFiles
{
    private static final ObjectMapper JSON = new ObjectMapper();

    private SummaryFiles()
    {
    }

    /**
     * @throws IllegalArgumentException naming the file when it is missing or not JSON.
     */
    static JsonNode read(final Path file)
    {
        if (!Files.isRegularFile(file))
        {
            throw new IllegalArgumentException("no " + file.getFileName() + " in " + file.getParent() +
                ": not the output folder of a finished run or sweep");
        }
        try
        {
            return JSON.readTree(file.toFile());
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
    }

    static Percentiles percentiles(final JsonNode node)
    {
        return new Percentiles(node.path("p50").asDouble(), node.path("p90").asDouble(), node.path("p99").asDouble(),
            node.path("p99_9").asDouble(), node.path("p99_99").asDouble(), node.path("max").asDouble(),
            node.path("count").asLong());
    }

    static Map<String, Long> counts(final JsonNode node)
    {
        final Map<String, Long> counts = new LinkedHashMap<>();
        node.fields().forEachRemaining(field -> counts.put(field.getKey(), field.getValue().asLong()));
        return Collections.unmodifiableMap(counts);
    }

    static List<Check> checks(final JsonNode node)
    {
        final List<Check> checks = new ArrayList<>();
        for (final JsonNode check : node)
        {
            checks.add(new Check(check.path("group").asText(), check.path("name").asText(),
                Check.Outcome.valueOf(check.path("outcome").asText()), check.path("detail").asText()));
        }
        return List.copyOf(checks);
    }

    static Double nullableDouble(final JsonNode node)
    {
        return node.isNumber() ? node.asDouble() : null;
    }
}
