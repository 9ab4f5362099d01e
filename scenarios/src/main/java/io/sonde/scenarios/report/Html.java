package io.sonde.scenarios.report;

import io.sonde.loadgen.time.Latency;

/**
 * Escaping and number formats for the HTML report.
 */
final class Html
{
    private Html()
    {
    }

    static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String micros(final double micros)
    {
        return Latency.formatMicros(micros);
    }
}
