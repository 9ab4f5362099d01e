package io.sonde.inprocess.run;

import io.sonde.api.BookReport;
import io.sonde.api.BookSpec;
import io.sonde.fix.client.order.BookCloseOut;
import io.sonde.fix.client.order.BookTally;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.loadgen.runner.SharedThread;
import org.agrona.concurrent.IdleStrategy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The run around the book flow: once the schedule is done, every order still resting is cancelled on the thread
 * that polls the FIX library, and what the book achieved is set against what it asked for, with a warning naming
 * why for each target missed.
 */
final class BookRun
{
    private static final long CHECK_MILLIS = 10;

    private BookRun()
    {
    }

    /**
     * Cancel every order the book flow left resting, waiting at most {@code timeout} for the answers.
     *
     * @param thread     the thread that polls the FIX library, or null to work on this one.
     * @param massCancel whether to start with a mass cancel per session ({@code --mass-cancel}).
     */
    static void closeOut(
        final SharedThread thread, final IdleStrategy idle, final FixOrderTransport transport, final Duration timeout,
        final boolean massCancel)
    {
        final BookCloseOut closeOut = transport.bookCloseOut(timeout.toNanos(), massCancel);
        if (closeOut == null)
        {
            return;
        }
        if (thread == null)
        {
            while (!closeOut.done())
            {
                idle.idle(closeOut.doWork());
            }
            return;
        }
        thread.attach(closeOut, idle);
        try
        {
            while (!closeOut.done())
            {
                Thread.sleep(CHECK_MILLIS);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            thread.detach(closeOut);
        }
    }

    /**
     * @return what the book asked for and achieved, with a warning for each target missed by more than
     *         {@link BookReport#TOLERANCE}.
     */
    static BookReport report(final BookSpec spec, final FixOrderTransport transport)
    {
        final BookTally tally = transport.bookTally();
        final long newOrders = tally.passiveSent() + tally.aggressiveSent();
        final Double orderToTrade = tally.trades() == 0 ? null : (double)tally.messages() / tally.trades();
        final double cancelShare = newOrders == 0 ? 0 : (double)tally.cancelled() / newOrders;
        final List<String> warnings = new ArrayList<>();
        if (tally.messages() > 0 && !tally.builtBeforeMeasuring())
        {
            warnings.add(String.format(Locale.ROOT, "the warm-up ended before the book was built: %,d of %,d orders " +
                "rested when the measurement began; a warm-up of at least %,d actions builds it",
                tally.restingAtStart(), transport.restingTarget(), transport.restingTarget()));
        }
        if (tally.aggressiveSent() > 0 && tally.trades() == 0)
        {
            warnings.add(String.format(Locale.ROOT, "no trade: none of the %,d aggressive orders executed, so the " +
                "order-to-trade ratio of %s is out of reach; the venue never filled an order that crossed Sonde's " +
                "own resting ones (does it match orders?)", tally.aggressiveSent(), number(spec.orderToTrade())));
        }
        else if (orderToTrade != null && missed(orderToTrade, spec.orderToTrade()))
        {
            warnings.add(String.format(Locale.ROOT, "order-to-trade ratio %.1f, not %s: %,d of %,d aggressive orders " +
                "executed (an aggressive order meets nothing when the levels it crosses are empty)", orderToTrade,
                number(spec.orderToTrade()), tally.trades(), tally.aggressiveSent()));
        }
        if (newOrders > 0 && missed(cancelShare, spec.cancelShare()))
        {
            warnings.add(String.format(Locale.ROOT, "cancel share %.2f, not %s: %,d cancels sent, %,d confirmed, " +
                "%,d refused by the venue (the order had traded or gone)", cancelShare, number(spec.cancelShare()),
                tally.cancelsSent(), tally.cancelled(), tally.cancelsRefused()));
        }
        final long resting = tally.closeCancelled() + tally.closeRefused() + tally.closeLeft();
        if (tally.massCancelRefusal() != null)
        {
            warnings.add("the mass cancel at the end left orders to cancel one by one: " + tally.massCancelRefusal());
        }
        if (tally.closeLeft() > 0)
        {
            warnings.add(String.format(Locale.ROOT, "%,d order(s) may still rest at the venue: their cancels at the " +
                "end had no answer in time", tally.closeLeft()));
        }
        final List<Integer> restingBySecond = new ArrayList<>();
        for (final int count : tally.restingBySecond())
        {
            restingBySecond.add(count);
        }
        final double meanResting = restingBySecond.size() < 2 ? transport.restingTarget() :
            restingBySecond.subList(0, restingBySecond.size() - 1).stream().mapToInt(Integer::intValue).average()
            .orElse(0);
        if (meanResting < transport.restingTarget() / 2.0)
        {
            warnings.add(String.format(Locale.ROOT, "a thin book: %.0f orders rested on average, under half the %,d " +
                "its depth needs: aggressive orders took more than passive ones added (fewer --sweep-levels, a " +
                "higher --order-to-trade, or quantities that spread less keep it deeper)", meanResting,
                transport.restingTarget()));
        }
        return new BookReport(spec.depth(), transport.restingTarget(), tally.restingAtStart(), spec.orderToTrade(),
            spec.cancelShare(),
            orderToTrade, cancelShare, tally.passiveSent(), tally.aggressiveSent(), tally.cancelsSent(),
            tally.replacesSent(), tally.trades(), tally.cancelled(), tally.replaced(), tally.restingFills(),
            new BookReport.CloseOut(tally.closeMethod(), resting, tally.closeCancelled(), tally.closeRefused(),
            tally.closeLeft()), restingBySecond, warnings);
    }

    private static boolean missed(final double achieved, final double target)
    {
        return target == 0 ? achieved > BookReport.TOLERANCE :
            Math.abs(achieved - target) > BookReport.TOLERANCE * target;
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.valueOf(value);
    }
}
