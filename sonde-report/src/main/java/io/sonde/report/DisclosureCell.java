package io.sonde.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.report.html.Html;

import java.util.ArrayList;
import java.util.List;

/**
 * One value of the configuration disclosure as a table cell a person reads. The disclosure keeps a list as its
 * JSON text; a list of records, the thread layout's busy threads, is shown one record a line instead
 * ({@code sonde-load: load agent, fix library}), and a list of words (the command line) as the words.
 */
final class DisclosureCell
{
    private static final ObjectMapper JSON = new ObjectMapper();

    private DisclosureCell()
    {
    }

    /**
     * @return the value as escaped HTML.
     */
    static String html(final String value)
    {
        if (!value.startsWith("["))
        {
            return Html.escape(value);
        }
        final JsonNode list;
        try
        {
            list = JSON.readTree(value);
        }
        catch (final JsonProcessingException ex)
        {
            return Html.escape(value);
        }
        final List<String> lines = new ArrayList<>();
        final List<String> words = new ArrayList<>();
        for (final JsonNode element : list)
        {
            if (element.isObject())
            {
                lines.add(Html.escape(record(element)));
            }
            else
            {
                words.add(element.asText());
            }
        }
        if (!words.isEmpty())
        {
            lines.add(Html.escape(String.join(" ", words)));
        }
        return String.join("<br>", lines);
    }

    /**
     * @return e.g. {@code sonde-load: load agent, fix library}: the record's name, then its other values.
     */
    private static String record(final JsonNode record)
    {
        final List<String> values = new ArrayList<>();
        record.fields().forEachRemaining(field ->
        {
            if (!field.getKey().equals("name"))
            {
                values.add(text(field.getValue()));
            }
        });
        final String rest = String.join(", ", values);
        return record.has("name") ? record.get("name").asText() + ": " + rest : rest;
    }

    private static String text(final JsonNode node)
    {
        if (!node.isContainerNode())
        {
            return node.asText();
        }
        final List<String> parts = new ArrayList<>();
        node.forEach(element -> parts.add(text(element)));
        return String.join(", ", parts);
    }
}
