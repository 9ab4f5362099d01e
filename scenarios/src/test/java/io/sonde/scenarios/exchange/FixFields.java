package io.sonde.scenarios.exchange;

import java.util.HashMap;
import java.util.Map;

/**
 * The fields of one received FIX message by tag; a repeated tag keeps its first value.
 */
final class FixFields
{
    private FixFields()
    {
    }

    static Map<String, String> of(final String message)
    {
        final Map<String, String> fields = new HashMap<>();
        for (final String field : message.split("\u0001"))
        {
            final int equals = field.indexOf('=');
            if (equals > 0)
            {
                fields.putIfAbsent(field.substring(0, equals), field.substring(equals + 1));
            }
        }
        return fields;
    }
}
