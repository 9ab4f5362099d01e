package io.sonde.report;

import io.sonde.api.BookReport;
import io.sonde.api.RunReport;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The book flow's lines on the terminal, after the run's table: the targets against what was achieved, the actions
 * sent, how the orders left resting at the end were cancelled, and a warning naming why for each target missed.
 * Nothing for the other flows.
 */
public final class BookLines
{
    private BookLines()
    {
    }

    public static void print(final PrintWriter console, final RunReport report)
    {
        report.book().ifPresent(book -> print(console, book));
    }

    static void print(final PrintWriter console, final BookReport book)
    {
        console.printf(Locale.ROOT, "book: depth %d a side (%,d orders resting when built, %,d when measuring " +
            "began); order-to-trade %s (target %s); cancel share %.2f (target %s)%n", book.depth(),
            book.restingTarget(), book.restingAtStart(),
            book.orderToTrade() == null ? "none: no trade" : String.format(Locale.ROOT, "%.1f", book.orderToTrade()),
            number(book.targetOrderToTrade()), book.cancelShare(), number(book.targetCancelShare()));
        console.printf(Locale.ROOT, "  sent %,d passive, %,d aggressive, %,d cancels, %,d replaces: %,d trades, " +
            "%,d cancels and %,d replaces confirmed, %,d fills of resting orders%n", book.passive(), book.aggressive(),
            book.cancels(), book.replaces(), book.trades(), book.cancelled(), book.replaced(), book.restingFills());
        final BookReport.CloseOut closeOut = book.closeOut();
        console.printf(Locale.ROOT, "  at the end %,d orders rested: %,d cancelled (%s), %,d refused, %,d left%n",
            closeOut.resting(), closeOut.cancelled(), closeOut.method(), closeOut.refused(), closeOut.left());
        BookFeedLines.print(console, book);
        for (final String warning : book.warnings())
        {
            console.println("WARNING book: " + warning);
        }
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.valueOf(value);
    }
}
