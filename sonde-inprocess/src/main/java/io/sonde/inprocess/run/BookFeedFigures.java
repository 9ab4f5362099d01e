package io.sonde.inprocess.run;

import io.sonde.api.BookFeed;
import io.sonde.api.BookReport;
import io.sonde.fix.client.marketdata.BookActionTicks;
import io.sonde.fix.client.marketdata.FeedDepth;
import io.sonde.fix.client.marketdata.MarketDataWatch;
import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.loadgen.result.HistogramPercentiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code feed} of a book run's {@code book} ({@link BookFeed}) from what its market data watch saw: the depth
 * the UDP feed showed beside the depth asked for, judged within {@link BookReport#TOLERANCE} with a warning naming
 * why when it is not, and order-to-tick for passive orders and for trades.
 */
final class BookFeedFigures
{
    private static final String CORRECTED = ".corrected";

    private BookFeedFigures()
    {
    }

    /**
     * @param source what the run read: {@code udp://...} or {@code fix ...}.
     * @return {@code book} with its feed, or as it is when the run read no market data.
     */
    static BookReport with(
        final BookReport book, final MarketDataWatch watch, final String source, final SeriesTotals totals)
    {
        if (watch == null || watch.unavailable() != null)
        {
            return book;
        }
        final FeedDepth depth = watch.depth();
        final List<BookFeed.SymbolDepth> symbols = new ArrayList<>();
        if (depth != null)
        {
            for (int i = 0; i < depth.symbols().size(); i++)
            {
                symbols.add(new BookFeed.SymbolDepth(depth.symbols().get(i), depth.meanLevels(i, true),
                    depth.meanLevels(i, false), depth.levelsAtStart(i, true), depth.levelsAtStart(i, false)));
            }
        }
        final BookActionTicks ticks = watch.matcher().bookActions();
        final BookFeed feed = new BookFeed(source.startsWith("udp") ? "udp" : "fix",
            depth == null ? 0 : depth.samples(), symbols,
            HistogramPercentiles.of(totals.get(BookActionTicks.PASSIVE_TO_TICK + CORRECTED)),
            HistogramPercentiles.of(totals.get(BookActionTicks.TRADE_TO_TICK + CORRECTED)), ticks.passiveSeen(),
            ticks.tradesSeen());
        return book.withFeed(feed, depth == null ? List.of() : warnings(book, feed, watch.unrecovered(),
            depth.otherSymbols() > 0 || watch.matcher().unmatched() > 0));
    }

    /**
     * @param unrecovered gaps of the feed no snapshot recovered.
     * @param others      whether the feed carried other participants' orders.
     * @return a warning naming why when the depth the feed showed is not the one asked for.
     */
    static List<String> warnings(
        final BookReport book, final BookFeed feed, final long unrecovered, final boolean others)
    {
        if (feed.samples() == 0)
        {
            return List.of("the feed's depth was not sampled: the measured window was over before its first second " +
                "(a longer --duration measures it)");
        }
        final double mean = feed.meanDepth();
        final double target = book.depth();
        if (Math.abs(mean - target) <= BookReport.TOLERANCE * target)
        {
            return List.of();
        }
        final String lost = unrecovered > 0 ? String.format(Locale.ROOT, "; %,d gap(s) of the feed went " +
            "unrecovered, so its book may lack orders", unrecovered) : "";
        final String shown = String.format(Locale.ROOT, "the feed showed %.1f price levels a side on average, not %d: ",
            mean, book.depth());
        if (mean > target)
        {
            return List.of(shown + "orders rest at levels the reference price walked away from until they are " +
                "cancelled (a slower --walk-every or fewer --walk-ticks keep them within the depth)" +
                (others ? ", and other participants' orders add levels of their own" : "") + lost);
        }
        final double resting = book.restingBySecond().size() < 2 ? book.restingTarget() : book.restingBySecond()
            .subList(0, book.restingBySecond().size() - 1).stream().mapToInt(Integer::intValue).average().orElse(0);
        if (resting < book.restingTarget())
        {
            return List.of(shown + String.format(Locale.ROOT, "%.0f of Sonde's orders rested on average, fewer " +
                "than the %,d levels of every side and symbol need (a lower --cancel-share or a higher " +
                "--order-to-trade keeps more resting)", resting, book.restingTarget()) + lost);
        }
        return List.of(shown + "aggressive orders emptied levels faster than passive orders refilled them (fewer " +
            "--sweep-levels or a higher --order-to-trade keep the book deeper)" + lost);
    }
}
