package io.sonde.report;

import io.sonde.api.RunReport;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A run against the bundled exchange with three members says, under its figures, why they are milliseconds where
 * one member's are microseconds; a run against one member or another system says nothing of it.
 */
class ClusterMembersLineTest
{
    @Test
    void aThreeMemberExchangeExplainsItsMillisecondsUnderTheFigures()
    {
        assertEquals("  3 cluster members: each order waits for their consensus, and the members' threads sleep " +
            "when idle, so every round trip waits for threads to wake and, with fewer cores than busy threads, for a " +
            "core: expect milliseconds where one member answers in microseconds (the consensus hop below)" +
            System.lineSeparator(),
            printed(Map.of(RunReport.EXCHANGE_MEMBERS, 3L, "ordersAccepted", 10L), true));
    }

    @Test
    void withoutHopsTheLineNamesNone()
    {
        assertFalse(printed(Map.of(RunReport.EXCHANGE_MEMBERS, 3L), false).contains("hop"));
    }

    @Test
    void oneMemberOrAnotherSystemPrintsNothing()
    {
        assertEquals("", printed(Map.of("ordersAccepted", 10L), true));
        assertEquals("", printed(Map.of(), true));
    }

    private static String printed(final Map<String, Long> exchange, final boolean withHops)
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            RunTable.clusterMembers(out, exchange, withHops);
        }
        return text.toString();
    }
}
