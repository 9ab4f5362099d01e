package io.sonde.fix.client.order;

import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.HeaderDecoder;
import uk.co.real_logic.artio.fields.UtcTimestampDecoder;

/**
 * Splits the answer to each NewOrderSingle into the hops it crossed ({@link AnswerHops}): Sonde's stamps (intended,
 * handed to the engine, read by the engine, handled) around the venue's (the bundled exchange's own hop stamps
 * when it sends them, else TransactTime and SendingTime). Allocation-free; on the thread that polls the library.
 */
final class OrderHops
{
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final OrderTable orders;
    private final AnswerHops hops = new AnswerHops();
    private final long[] offeredNanos;
    private final UtcTimestampDecoder timestamps = new UtcTimestampDecoder(false);
    private long readEpochNanos;

    OrderHops(final OrderTable orders)
    {
        this.orders = orders;
        this.offeredNanos = new long[orders.capacity()];
    }

    AnswerHops hops()
    {
        return hops;
    }

    /**
     * The order's NewOrderSingle was handed to the FIX engine.
     */
    void onOffered(final int slot, final long nowNanos)
    {
        offeredNanos[slot] = nowNanos;
    }

    /**
     * The message about to be handled was read by the FIX engine then.
     */
    void onRead(final long readEpochNanos)
    {
        this.readEpochNanos = readEpochNanos;
    }

    /**
     * The venue answered the order's NewOrderSingle, acknowledging or rejecting it.
     */
    void onNewAnswered(final int slot, final ExecutionReportDecoder report, final long answeredNanos)
    {
        final long intended = orders.newIntendedNanos[slot];
        final long sendBegan = orders.newSentNanos[slot];
        if (report.hasSondeHopReadTime() && report.hasSondeHopOfferTime() && report.hasSondeHopCommitTime() &&
            report.hasSondeHopEventTime() && report.hasSondeHopWriteTime())
        {
            hops.onExchangeAnswer(intended, sendBegan, offeredNanos[slot], report.sondeHopReadTime(),
                report.sondeHopOfferTime(), report.sondeHopCommitTime(), report.sondeHopEventTime(),
                report.sondeHopWriteTime(), readEpochNanos, answeredNanos);
            return;
        }

        final HeaderDecoder header = report.header();
        final int sendingLength = header.sendingTimeLength();
        final long sending = timestamps.decodeNanos(header.sendingTime(), sendingLength);
        long resolution = resolutionOf(sendingLength);
        long transact = AnswerHops.NO_STAMP;
        if (report.hasTransactTime())
        {
            final int transactLength = report.transactTimeLength();
            transact = timestamps.decodeNanos(report.transactTime(), transactLength);
            resolution = Math.max(resolution, resolutionOf(transactLength));
        }
        hops.onVenueAnswer(
            intended, sendBegan, offeredNanos[slot], transact, sending, resolution, readEpochNanos, answeredNanos);
    }

    /**
     * A UTCTimestamp's resolution follows from its length: seconds, then 3, 6 or 9 fractional digits.
     */
    private static long resolutionOf(final int length)
    {
        if (length >= UtcTimestampDecoder.LENGTH_WITH_NANOSECONDS)
        {
            return 1;
        }
        if (length >= UtcTimestampDecoder.LENGTH_WITH_MICROSECONDS)
        {
            return 1_000;
        }
        if (length >= UtcTimestampDecoder.LENGTH_WITH_MILLISECONDS)
        {
            return 1_000_000;
        }
        return NANOS_PER_SECOND;
    }
}
