package io.sonde.fix.client.profile;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The problems found in a profile so far, and the typed reads that add one when a value is not what it should
 * be: a read never stops at the first problem, so the user sees every one at once.
 */
final class Problems
{
    private final List<String> problems = new ArrayList<>();

    void add(final String problem)
    {
        problems.add(problem);
    }

    boolean isEmpty()
    {
        return problems.isEmpty();
    }

    List<String> list()
    {
        return problems;
    }

    /**
     * Name every key of {@code node} that is not one of {@code allowed}.
     */
    void unknownKeys(final JsonNode node, final String prefix, final Set<String> allowed)
    {
        if (node == null)
        {
            return;
        }
        final Iterator<String> names = node.fieldNames();
        while (names.hasNext())
        {
            final String name = names.next();
            if (!allowed.contains(name))
            {
                add(prefix + name + ": unknown key; expected one of " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
    }

    /**
     * @return the mapping under {@code key}, or null when absent or not a mapping (then a problem is added).
     */
    JsonNode object(final JsonNode parent, final String key)
    {
        final JsonNode node = parent == null ? null : parent.get(key);
        if (node == null)
        {
            return null;
        }
        if (!node.isObject())
        {
            add(key + ": expected a mapping of keys to values");
            return null;
        }
        return node;
    }

    String text(final JsonNode parent, final String path, final String key)
    {
        final JsonNode node = parent == null ? null : parent.get(key);
        if (node == null || node.isNull())
        {
            return null;
        }
        if (!node.isValueNode() || node.asText().isBlank())
        {
            add(path + ": expected a non-empty text");
            return null;
        }
        return node.asText();
    }

    Integer positiveInt(final JsonNode parent, final String path, final String key)
    {
        final JsonNode node = parent == null ? null : parent.get(key);
        if (node == null || node.isNull())
        {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt() || node.asInt() < 1)
        {
            add(path + ": '" + node.asText() + "' is not a whole number of at least 1");
            return null;
        }
        return node.asInt();
    }

    Long wholeNumber(final JsonNode parent, final String path, final String key)
    {
        final JsonNode node = parent == null ? null : parent.get(key);
        if (node == null || node.isNull())
        {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong())
        {
            add(path + ": '" + node.asText() + "' is not a whole number");
            return null;
        }
        return node.asLong();
    }

    BigDecimal positiveDecimal(final JsonNode parent, final String path, final String key)
    {
        final JsonNode node = parent == null ? null : parent.get(key);
        if (node == null || node.isNull())
        {
            return null;
        }
        try
        {
            final BigDecimal value = new BigDecimal(node.asText());
            if (value.signum() > 0 && node.isValueNode())
            {
                return value;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // Reported below with the other kinds of bad value.
        }
        add(path + ": '" + node.asText() + "' is not a positive decimal number");
        return null;
    }
}
