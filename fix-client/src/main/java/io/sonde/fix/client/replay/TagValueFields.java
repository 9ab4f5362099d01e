package io.sonde.fix.client.replay;

import java.util.HashMap;
import java.util.Map;

/**
 * A logged FIX message's {@code tag=value} fields, separated by SOH as sent or by {@code |} as people write them.
 * A tag repeated (in a repeating group) keeps its first value: the fields a replay reads occur once.
 */
final class TagValueFields
{
    private static final char SOH = '\u0001';

    private TagValueFields()
    {
    }

    /**
     * @param message the message from its BeginString (8) on.
     * @return each tag's value.
     * @throws IllegalArgumentException naming the first field that is not {@code tag=value}.
     */
    static Map<Integer, String> parse(final String message)
    {
        final char separator = message.indexOf(SOH) >= 0 ? SOH : '|';
        final Map<Integer, String> fields = new HashMap<>();
        int from = 0;
        while (from < message.length())
        {
            final int end = message.indexOf(separator, from) < 0 ? message.length() : message.indexOf(separator, from);
            final String field = message.substring(from, end);
            final int equals = field.indexOf('=');
            if (equals <= 0 || !isDigits(field, 0, equals))
            {
                throw new IllegalArgumentException("field '" + field + "' is not tag=value");
            }
            fields.putIfAbsent(Integer.parseInt(field.substring(0, equals)), field.substring(equals + 1));
            from = end + 1;
        }
        return fields;
    }

    private static boolean isDigits(final String text, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            if (text.charAt(i) < '0' || text.charAt(i) > '9')
            {
                return false;
            }
        }
        return true;
    }
}
