package io.sonde.report;

import io.sonde.api.BookFeed;
import io.sonde.api.BookReport;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A book run's market data on the terminal, under the book's lines: the depth the feed showed beside the depth asked
 * for, and order-to-tick for passive orders and for trades. Nothing without {@code --market-data}.
 */
final class BookFeedLines
{
    private BookFeedLines()
    {
    }

    static void print(final PrintWriter console, final BookReport book)
    {
        final BookFeed feed = book.feed();
        if (feed == null)
        {
            return;
        }
        if (feed.samples() == 0)
        {
            console.printf(Locale.ROOT, "  feed (%s): depth not followed%s%n", feed.source(),
                feed.source().equals("udp") ? "" : " (it needs the UDP feed, --market-data udp)");
        }
        else
        {
            int bidsAtStart = 0;
            int offersAtStart = 0;
            for (final BookFeed.SymbolDepth symbol : feed.depth())
            {
                bidsAtStart += symbol.bidsAtStart();
                offersAtStart += symbol.offersAtStart();
            }
            final int sides = 2 * feed.depth().size();
            console.printf(Locale.ROOT, "  feed (%s): depth %.1f levels a side (target %d; mean of %d s sampled " +
                "each second; %.1f when measuring began)%n", feed.source(), feed.meanDepth(), book.depth(),
                feed.samples(), sides == 0 ? 0 : (double)(bidsAtStart + offersAtStart) / sides);
            for (final BookFeed.SymbolDepth symbol : feed.depth())
            {
                console.printf(Locale.ROOT, "    %-16s bids %5.1f  offers %5.1f%n", symbol.symbol(), symbol.bids(),
                    symbol.offers());
            }
        }
        console.printf(Locale.ROOT, "  passive-to-tick %s (%,d adds seen of %,d passive); trade-to-tick %s " +
            "(%,d of %,d trades)%n", figures(feed.passiveToTick()), feed.passiveSeen(), book.passive(),
            figures(feed.tradeToTick()), feed.tradesSeen(), book.trades());
    }

    private static String figures(final Percentiles tick)
    {
        return tick.count() == 0 ? "none" : "p50 " + Latency.formatMicros(tick.p50()) + " p99 " +
            Latency.formatMicros(tick.p99());
    }
}
