package io.sonde.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.InjectableValues;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Reads the JSON files a run and a sweep write, field by field, so that a result read from a folder (a run in
 * this process, the command line's, a container's) is the same object whichever wrote it. The one place that
 * knows their field names on the reading side: reports and the results history read through the API too.
 */
final class SummaryFiles
{
    private static final TypeReference<LinkedHashMap<String, Object>> FACTS = new TypeReference<>()
    {
    };
    private static final ObjectMapper JSON = new ObjectMapper()
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private SummaryFiles()
    {
    }

    /**
     * @throws IllegalArgumentException naming the file when it is missing, unreadable or not JSON.
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
        catch (final JsonProcessingException ex)
        {
            throw new IllegalArgumentException(file + " is not readable JSON: " + ex.getOriginalMessage(), ex);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the array's entries as the API's records, by their own field names; empty when the summary has none.
     */
    static <T> List<T> list(final JsonNode node, final Class<T> type)
    {
        final List<T> entries = new ArrayList<>();
        if (node.isArray())
        {
            node.forEach(entry -> entries.add(JSON.convertValue(entry, type)));
        }
        return List.copyOf(entries);
    }

    /**
     * @return the object as the API's record, or null when the summary has none (or null).
     */
    static <T> T optional(final JsonNode node, final Class<T> type)
    {
        return node.isObject() ? JSON.convertValue(node, type) : null;
    }

    /**
     * @return the object's fields as the API's records, in the file's order; empty when the summary has none.
     */
    static <T> Map<String, T> map(final JsonNode node, final Class<T> type)
    {
        final Map<String, T> entries = new LinkedHashMap<>();
        node.fields().forEachRemaining(field -> entries.put(field.getKey(), JSON.convertValue(field.getValue(),
            type)));
        return entries;
    }

    /**
     * @param folder the result's folder, given to the records that read further files from it.
     * @throws IllegalArgumentException naming the file when it is missing, unreadable or not what it should be.
     */
    static <T> T read(final Path file, final Class<T> type, final Path folder)
    {
        final JsonNode tree = read(file);
        try
        {
            return JSON.reader(new InjectableValues.Std().addValue(Path.class, folder)).forType(type).readValue(tree);
        }
        catch (final IOException ex)
        {
            if (ex.getCause() instanceof IllegalArgumentException refused)
            {
                throw refused;
            }
            throw new IllegalArgumentException(file + " cannot be read: " + ex.getMessage(), ex);
        }
    }

    /**
     * Write a result document as indented JSON, whole or not at all: beside its final name, then moved into place,
     * so a crash never leaves half a result.
     */
    static void write(final Path file, final Object document)
    {
        final Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try
        {
            JSON.writerWithDefaultPrettyPrinter().writeValue(partial.toFile(), document);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }

    /**
     * @return the {@code idle} object of a run's summary, or null when it has none.
     */
    static RunReport.Idle idle(final JsonNode node)
    {
        if (!node.isObject())
        {
            return null;
        }
        return new RunReport.Idle(IdleMode.parse(node.path("mode").asText()), node.path("busySpinShare").asDouble(),
            node.path("spinWindowShare").asDouble(), node.path("switches").asInt());
    }

    /**
     * @return each interval log the summary names, in the run's folder, or the one by default when it names none.
     */
    static List<Path> intervalLogs(final Path folder, final JsonNode node, final String defaultLog)
    {
        final List<Path> logs = new ArrayList<>();
        texts(node).forEach(log -> logs.add(folder.resolve(Path.of(log).getFileName().toString())));
        return logs.isEmpty() ? List.of(folder.resolve(defaultLog)) : List.copyOf(logs);
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

    static List<String> texts(final JsonNode node)
    {
        final List<String> texts = new ArrayList<>();
        node.forEach(text -> texts.add(text.asText()));
        return List.copyOf(texts);
    }

    static OptionalDouble optionalDouble(final JsonNode node)
    {
        return node.isNumber() ? OptionalDouble.of(node.asDouble()) : OptionalDouble.empty();
    }

    static OptionalInt optionalInt(final JsonNode node)
    {
        return node.isNumber() ? OptionalInt.of(node.asInt()) : OptionalInt.empty();
    }

    /**
     * @return the {@code metadata} a run or sweep wrote beside its figures, or null when it wrote none.
     */
    static ResultMetadata metadata(final JsonNode node)
    {
        if (!node.isObject())
        {
            return null;
        }
        final Map<String, String> disclosure = new LinkedHashMap<>();
        flatten("", node, disclosure);
        return new ResultMetadata(instant(node.path("startedAt").asText()), texts(node.path("commandLine")),
            Collections.unmodifiableMap(disclosure), Collections.unmodifiableMap(JSON.convertValue(node, FACTS)));
    }

    /**
     * @return the metadata holding these facts.
     */
    static ResultMetadata metadata(final Map<String, Object> facts)
    {
        return metadata((JsonNode)JSON.valueToTree(facts));
    }

    /**
     * Every leaf by its dotted path; a list is one leaf, its JSON text.
     */
    private static void flatten(final String prefix, final JsonNode node, final Map<String, String> leaves)
    {
        if (node.isObject())
        {
            node.fields().forEachRemaining(field -> flatten(prefix.isEmpty() ? field.getKey() :
                prefix + "." + field.getKey(), field.getValue(), leaves));
        }
        else
        {
            leaves.put(prefix, node.isTextual() ? node.asText() : node.toString());
        }
    }

    private static Instant instant(final String text)
    {
        try
        {
            return Instant.parse(text);
        }
        catch (final DateTimeParseException ex)
        {
            return null;
        }
    }
}
