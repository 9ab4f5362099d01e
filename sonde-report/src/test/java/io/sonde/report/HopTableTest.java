package io.sonde.report;

import io.sonde.api.Hop;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hops' last line compares what the median answers spent in them with the answers' own median, and never prints
 * a median the run did not measure.
 */
class HopTableTest
{
    private static final List<Hop> HOPS = List.of(
        new Hop("send", 10, 20, 30, 40, 50, 100, 10, 30),
        new Hop("receive", 5, 6, 7, 8, 9, 100, 5, 7));

    @Test
    void theMedianAnswersHopsAreSetBesideTheAnswersOwnMedian()
    {
        final String printed = print(16);

        assertTrue(printed.contains("the median answers' hops add up to 15.0µs, the answers' median is 16.0µs"),
            printed);
    }

    @Test
    void aRunWithoutAStageOfNewOrdersAloneSaysItsAnswersHaveNoSingleMedian()
    {
        final String printed = print(Double.NaN);

        assertTrue(printed.contains("the answers' median is not one figure (no stage of new orders alone"), printed);
        assertFalse(printed.contains("0.00µs"), printed);
    }

    private static String print(final double answersMedianMicros)
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            HopTable.print(out, HOPS, answersMedianMicros, null, null);
        }
        return text.toString();
    }
}
