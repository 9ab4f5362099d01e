package io.sonde.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.InjectableValues;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
    private static final String BUSY_SPIN = "busySpinShare";
    private static final String SPIN_WINDOW = "spinWindowShare";
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
     * @return the {@code idle} object of a run's summary: the mode, its shares (0 where it names none) and switches.
     */
    static RunReport.Idle idle(final Map<String, Object> json)
    {
        return new RunReport.Idle(IdleMode.parse(String.valueOf(json.get("mode"))), number(json.get(BUSY_SPIN)),
            number(json.get(SPIN_WINDOW)), (int)number(json.get("switches")));
    }

    /**
     * @return what a run's summary holds of its idle: under {@code auto} both shares to three places, under another
     *         mode only that mode's own share (e.g. {@code backoffShare}), 1.
     */
    static Map<String, Object> json(final RunReport.Idle idle)
    {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("mode", idle.mode().toString());
        if (idle.mode() == IdleMode.AUTO)
        {
            json.put(BUSY_SPIN, Math.round(idle.busySpinShare() * 1000) / 1000.0);
            json.put(SPIN_WINDOW, Math.round(idle.spinWindowShare() * 1000) / 1000.0);
        }
        else
        {
            final String[] words = idle.mode().toString().split("-");
            final StringBuilder name = new StringBuilder(words[0]);
            for (int i = 1; i < words.length; i++)
            {
                name.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
            }
            json.put(name.append("Share").toString(), 1.0);
        }
        json.put("switches", idle.switches());
        return json;
    }

    /**
     * @return only these fields of the document, in this order.
     */
    static ObjectNode only(final Object document, final List<String> fields)
    {
        final ObjectNode all = JSON.valueToTree(document);
        final ObjectNode some = JSON.createObjectNode();
        fields.forEach(field -> some.set(field, all.get(field)));
        return some;
    }

    static List<String> texts(final JsonNode node)
    {
        final List<String> texts = new ArrayList<>();
        node.forEach(text -> texts.add(text.asText()));
        return List.copyOf(texts);
    }

    private static double number(final Object value)
    {
        return value instanceof Number number ? number.doubleValue() : 0;
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
