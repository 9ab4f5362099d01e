package io.sonde.inprocess.run;

import io.sonde.api.BookFeed;
import io.sonde.api.BookReport;
import io.sonde.api.Percentiles;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The depth the feed showed is judged against the depth asked for, within 10 %, and a miss names its likely cause.
 */
class BookFeedFiguresTest
{
    private static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    @Test
    void aDepthWithinTenPercentOfTheTargetIsNoWarning()
    {
        assertEquals(List.of(), BookFeedFigures.warnings(book(80), feed(9.1, 10.9), 0, false));
    }

    @Test
    void aDeeperBookNamesTheWalkAndOthersOrders()
    {
        final List<String> warnings = BookFeedFigures.warnings(book(80), feed(12, 12), 0, true);

        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("the feed showed 12.0 price levels a side on average, not 10: orders " +
            "rest at levels the reference price walked away from"), warnings.get(0));
        assertTrue(warnings.get(0).contains("other participants' orders"), warnings.get(0));
    }

    @Test
    void aShallowerBookNamesTooFewRestingOrdersWhenTheFlowKeptFewerThanTheLevelsNeed()
    {
        final String warning = BookFeedFigures.warnings(book(60), feed(7, 8), 2, false).get(0);

        assertTrue(warning.contains("60 of Sonde's orders rested on average, fewer than the 80 levels"), warning);
        assertTrue(warning.endsWith("2 gap(s) of the feed went unrecovered, so its book may lack orders"), warning);
    }

    @Test
    void aShallowerBookWithEnoughOrdersRestingNamesTheSweeps()
    {
        final String warning = BookFeedFigures.warnings(book(90), feed(8, 8), 0, false).get(0);

        assertTrue(warning.contains("aggressive orders emptied levels faster"), warning);
    }

    @Test
    void aWindowWithNoSecondSampledSaysSo()
    {
        final BookFeed unsampled = new BookFeed("udp", 0, List.of(), NONE, NONE, 0, 0);

        assertTrue(BookFeedFigures.warnings(book(80), unsampled, 0, false).get(0).contains("not sampled"));
    }

    private static BookReport book(final int meanResting)
    {
        return new BookReport(10, 80, 80, 25, 0.8, 25.0, 0.8, 100, 10, 80, 0, 10, 80, 0, 10,
            new BookReport.CloseOut("one-by-one", 80, 80, 0, 0), List.of(meanResting, meanResting, 0), List.of());
    }

    private static BookFeed feed(final double bids, final double offers)
    {
        return new BookFeed("udp", 30, List.of(new BookFeed.SymbolDepth("A", bids, offers, 10, 10)), NONE, NONE, 0,
            0);
    }
}
