package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.api.Rates;
import io.sonde.api.RunReport;
import io.sonde.api.TickToTrade;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A market run's lines on the terminal, after the run's table (whose latency is tick-to-trade): the feed and its
 * triggers, how the triggers were answered, what the feed cost Sonde, the application's sessions, the orders that
 * named no trigger, and tick-to-trade against the host's floors. Nothing for any other run.
 */
public final class TickToTradeLines
{
    private TickToTradeLines()
    {
    }

    public static void print(final PrintWriter console, final RunReport report)
    {
        report.tickToTrade().ifPresent(tickToTrade -> print(console, tickToTrade));
    }

    static void print(final PrintWriter console, final TickToTrade t2t)
    {
        console.printf(Locale.ROOT, "tick-to-trade: 1 trigger in %d events at %s events/s (achieved %,.1f/s); feed " +
            "%s; %s%n", t2t.triggerEvery(), Rates.format(t2t.eventRate()), t2t.achievedEventRate(),
            String.join(" + ", t2t.feeds()), match(t2t));
        console.printf(Locale.ROOT, "  triggers %,d: %,d answered, %,d missed, %,d awaited at the end; %,d late, " +
            "%,d duplicate, %,d malformed, %,d without a trigger%n", t2t.triggers(), t2t.answered(), t2t.missed(),
            t2t.awaited(), t2t.late(), t2t.duplicates(), t2t.malformed(), t2t.withoutTrigger());
        final Percentiles lateness = t2t.publishLateness();
        console.printf(Locale.ROOT, "  feed: %,d events in %,d packets, %,d datagrams not sent, %,d FIX messages " +
            "back-pressured; publish lateness p50 %s, p99 %s, max %s%n", t2t.events(), t2t.packets(),
            t2t.datagramsNotSent(), t2t.fixBackPressured(), Latency.formatMicros(lateness.p50()),
            Latency.formatMicros(lateness.p99()), Latency.formatMicros(lateness.max()));
        console.printf(Locale.ROOT, "  application: %d order session%s, %d FIX market data subscription%s%n",
            t2t.orderSessions(), t2t.orderSessions() == 1 ? "" : "s", t2t.subscriptions(),
            t2t.subscriptions() == 1 ? "" : "s");
        if (!t2t.withoutTriggerOrders().isEmpty())
        {
            console.printf(Locale.ROOT, "  orders without a trigger, the first: %s%n",
                String.join("; ", t2t.withoutTriggerOrders()));
        }
        final TickToTrade.Floors floors = t2t.floors();
        if (floors != null)
        {
            console.printf(Locale.ROOT, "  floors (%s): UDP one-way p50 %s + half the TCP round-trip p50 %s = %s; " +
                "tick-to-trade p50 ÷ that %.1f×%n", floors.source(), Latency.formatMicros(floors.udpOneWayP50()),
                Latency.formatMicros(floors.tcpRoundTripP50() / 2), Latency.formatMicros(floors.bound()),
                floors.ratioP50());
        }
    }

    /**
     * @return how reactions were matched, in words: {@code echo in tag 58} or {@code matched by price}.
     */
    static String match(final TickToTrade t2t)
    {
        return t2t.echoTag() == null ? "matched by price" : "echo in tag " + t2t.echoTag();
    }
}
