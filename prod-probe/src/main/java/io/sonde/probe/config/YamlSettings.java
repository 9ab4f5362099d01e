package io.sonde.probe.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Properties;

/**
 * A probe config written in YAML, the format of venue profiles, read into the same settings a properties file
 * gives: nested keys join with dots ({@code target: {host: h}} is {@code target.host=h}), so both formats share
 * one set of names and one set of checks.
 */
final class YamlSettings
{
    private YamlSettings()
    {
    }

    /**
     * @throws IllegalArgumentException when the file is not YAML, not a mapping, or holds a list.
     */
    static Properties read(final Path file)
    {
        final JsonNode root;
        try
        {
            root = new YAMLMapper().readTree(file.toFile());
        }
        catch (final JacksonException ex)
        {
            throw new IllegalArgumentException("probe config " + file + " is not valid YAML: " +
                ex.getOriginalMessage());
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read probe config " + file + ": " + ex.getMessage());
        }
        if (root == null || !root.isObject())
        {
            throw new IllegalArgumentException("probe config " + file + " must be a YAML mapping of settings");
        }
        final Properties properties = new Properties();
        flatten(root, "", properties, file);
        return properties;
    }

    private static void flatten(final JsonNode node, final String prefix, final Properties into, final Path file)
    {
        final Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext())
        {
            final Map.Entry<String, JsonNode> field = fields.next();
            final String name = prefix + field.getKey();
            final JsonNode value = field.getValue();
            if (value.isObject())
            {
                flatten(value, name + ".", into, file);
            }
            else if (value.isValueNode() && !value.isNull())
            {
                into.setProperty(name, value.asText());
            }
            else
            {
                throw new IllegalArgumentException("probe config " + file + ": '" + name + "' must be a single " +
                    "value or a mapping");
            }
        }
    }
}
