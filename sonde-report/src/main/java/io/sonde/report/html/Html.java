package io.sonde.report.html;

import io.sonde.loadgen.time.Latency;

/**
 * Escaping and number formats for the HTML report.
 */
public final class Html
{
    private Html()
    {
    }

    public static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public static String micros(final double micros)
    {
        return Latency.formatMicros(micros);
    }
}
