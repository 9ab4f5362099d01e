package io.sonde.scenarios.scenario;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.sonde.api.FixLoad;
import io.sonde.api.NearestName;
import io.sonde.fix.client.profile.VenueProfileException;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.scenarios.cli.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a scenario file (YAML, the venue profiles' format; docs/scenarios.md) and checks all of it, the venue
 * profile it names included, before anything starts: every problem is collected and reported at once, each with
 * its field, as one {@link UserError} (exit code 2). A value may be given as text ({@code 1k,2k}) or as a list.
 */
public final class ScenarioReader
{
    private static final String SWEEP = "sweep";

    private final YAMLMapper mapper = new YAMLMapper();

    /**
     * @return each field given, as text the field's option accepts; the venue profile's path made absolute.
     * @throws UserError naming every problem in the file.
     */
    public Map<ScenarioField, String> read(final Path file)
    {
        if (!Files.isRegularFile(file))
        {
            throw failure(file, List.of("no such file"));
        }
        final JsonNode root;
        try
        {
            root = mapper.readTree(file.toFile());
        }
        catch (final JacksonException ex)
        {
            throw failure(file, List.of("not valid YAML: " + ex.getOriginalMessage() +
                (ex.getLocation() == null ? "" : " (line " + ex.getLocation().getLineNr() + ")")));
        }
        catch (final IOException ex)
        {
            throw failure(file, List.of("cannot be read: " + ex.getMessage()));
        }
        if (root == null || !root.isObject())
        {
            throw failure(file, List.of("a scenario is a YAML mapping (key: value lines)"));
        }

        final List<String> problems = new ArrayList<>();
        final Map<ScenarioField, String> values = new LinkedHashMap<>();
        fields(root, "", problems, values);
        final ScenarioField venueField = ScenarioField.byKey(FixLoad.VENUE.name());
        final String venue = values.get(venueField);
        if (venue != null)
        {
            values.put(venueField, venue(file, venue, problems));
        }
        if (!problems.isEmpty())
        {
            throw failure(file, problems);
        }
        return values;
    }

    private static void fields(
        final JsonNode node, final String prefix, final List<String> problems, final Map<ScenarioField, String> values)
    {
        final Iterator<Map.Entry<String, JsonNode>> entries = node.fields();
        while (entries.hasNext())
        {
            final Map.Entry<String, JsonNode> entry = entries.next();
            final String key = prefix + entry.getKey();
            if (prefix.isEmpty() && entry.getKey().equals(SWEEP))
            {
                if (entry.getValue().isObject())
                {
                    fields(entry.getValue(), SWEEP + ".", problems, values);
                }
                else
                {
                    problems.add(SWEEP + ": expected a mapping with rates or sizes");
                }
                continue;
            }
            final ScenarioField field = ScenarioField.byKey(key);
            if (field == null)
            {
                final Set<String> known = keysUnder(prefix);
                problems.add(key + ": unknown field; did you mean '" + NearestName.nearest(known, entry.getKey()) +
                    "'? (fields: " + String.join(", ", known) + ")");
                continue;
            }
            final String value = text(entry.getValue());
            if (value == null)
            {
                problems.add(key + ": expected a value or a list of values");
                continue;
            }
            try
            {
                field.checkValue(value);
                values.put(field, value);
            }
            catch (final RuntimeException ex)
            {
                problems.add(key + ": " + ex.getMessage());
            }
        }
    }

    private static Set<String> keysUnder(final String prefix)
    {
        final Set<String> keys = new TreeSet<>();
        for (final ScenarioField field : ScenarioField.ALL)
        {
            if (prefix.isEmpty() || field.key().startsWith(prefix))
            {
                final String rest = field.key().substring(prefix.length());
                keys.add(rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest);
            }
        }
        return keys;
    }

    /**
     * @return a scalar's text, or a list of scalars joined by commas; null for anything else.
     */
    private static String text(final JsonNode node)
    {
        if (node.isValueNode() && !node.isNull() && !node.asText().isBlank())
        {
            return node.asText().trim();
        }
        if (!node.isArray() || node.isEmpty())
        {
            return null;
        }
        final List<String> parts = new ArrayList<>();
        for (final JsonNode element : node)
        {
            if (!element.isValueNode() || element.asText().isBlank())
            {
                return null;
            }
            parts.add(element.asText().trim());
        }
        return String.join(",", parts);
    }

    /**
     * @return the venue profile's absolute path, resolved against the scenario's folder; its problems are added.
     */
    private static String venue(final Path scenario, final String venue, final List<String> problems)
    {
        final Path folder = scenario.toAbsolutePath().getParent();
        final Path profile = folder.resolve(venue).normalize();
        try
        {
            new VenueProfileReader().read(profile);
        }
        catch (final VenueProfileException ex)
        {
            for (final String problem : ex.problems())
            {
                problems.add("venue " + profile + ": " + problem);
            }
        }
        return profile.toString();
    }

    private static UserError failure(final Path file, final List<String> problems)
    {
        return new UserError("scenario " + file + ": " + problems.size() + " problem" +
            (problems.size() == 1 ? "" : "s") + System.lineSeparator() + "  - " +
            String.join(System.lineSeparator() + "  - ", problems));
    }
}
