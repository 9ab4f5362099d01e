package io.sonde.scenarios.probe;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads: what is left of it once its strings, label matchers, grouping
 * clauses, ranges and Grafana variables are taken out, less functions (a name before a parenthesis) and keywords.
 */
final class PromQlNames
{
    private static final Pattern STRINGS = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern LABEL_MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern GROUPING =
        Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern RANGES = Pattern.compile("\\[[^]]*]");
    private static final Pattern GRAFANA_VARIABLES = Pattern.compile("\\$\\{[^}]*}|\\$\\w+");
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.:])([a-zA-Z_:][\\w:]*)(\\s*\\()?");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "by", "without", "on", "ignoring",
        "group_left", "group_right", "offset", "bool", "inf", "nan", "atan2");

    private PromQlNames()
    {
    }

    static Set<String> of(final String expression)
    {
        String text = STRINGS.matcher(expression).replaceAll(" ");
        text = LABEL_MATCHERS.matcher(text).replaceAll(" ");
        text = GROUPING.matcher(text).replaceAll(" ");
        text = RANGES.matcher(text).replaceAll(" ");
        text = GRAFANA_VARIABLES.matcher(text).replaceAll(" ");
        final Set<String> names = new TreeSet<>();
        final Matcher matcher = IDENTIFIER.matcher(text);
        while (matcher.find())
        {
            final String name = matcher.group(1);
            if (matcher.group(2) == null && !KEYWORDS.contains(name.toLowerCase(Locale.ROOT)))
            {
                names.add(name);
            }
        }
        return names;
    }
}
