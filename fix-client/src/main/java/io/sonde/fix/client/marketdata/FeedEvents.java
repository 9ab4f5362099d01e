package io.sonde.fix.client.marketdata;

import io.sonde.loadgen.record.HopSeries;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderDeletedDecoder;
import io.sonde.md.sbe.OrderModifiedDecoder;
import io.sonde.md.sbe.SnapshotOrderDecoder;
import io.sonde.md.sbe.TradeDecoder;
import org.agrona.DirectBuffer;

import java.util.List;

/**
 * Each message of the exchange's feed, in sequence, applied to Sonde's copy of the book and handed to the
 * {@link OrderToTick} matcher, with the feed's own hops: {@code feed-hop.publish} (the event's transactTime to the
 * packet's sendingTime: the exchange's publishing) and {@code feed-hop.wire} (the sendingTime to Sonde's receipt, both
 * on the wall clock). Allocation-free.
 */
public final class FeedEvents
{
    public static final String PUBLISH_HOP = "publish";
    public static final String WIRE_HOP = "wire";

    private final OrderToTick matcher;
    private final OrderLevelBook book;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final OrderAddedDecoder added = new OrderAddedDecoder();
    private final OrderModifiedDecoder modified = new OrderModifiedDecoder();
    private final OrderDeletedDecoder deleted = new OrderDeletedDecoder();
    private final TradeDecoder trade = new TradeDecoder();
    private final SnapshotOrderDecoder snapshotOrder = new SnapshotOrderDecoder();
    private final HopSeries publishHop = HopSeries.ofFeed(PUBLISH_HOP);
    private final HopSeries wireHop = HopSeries.ofFeed(WIRE_HOP);
    private long messages;

    FeedEvents(final OrderToTick matcher, final OrderLevelBook book)
    {
        this.matcher = matcher;
        this.book = book;
    }

    public List<HopSeries> hops()
    {
        return List.of(publishHop, wireHop);
    }

    public void begin(final long measureStartNanos)
    {
        publishHop.begin(measureStartNanos);
        wireHop.begin(measureStartNanos);
    }

    public long messages()
    {
        return messages;
    }

    /**
     * A packet arrived: its wire hop.
     */
    void onPacket(final long sendingEpochNanos, final long receivedEpochNanos, final long receivedNanos)
    {
        wireHop.record(receivedNanos, receivedEpochNanos - sendingEpochNanos);
    }

    /**
     * One message of the incremental feed, the next in sequence.
     *
     * @param newToBook false for an event the book holds already from a snapshot: matched, not applied again.
     */
    void onMessage(
        final DirectBuffer buffer, final int offset, final int length, final long sendingEpochNanos,
        final long receivedNanos, final boolean newToBook)
    {
        messages++;
        if (newToBook)
        {
            book.apply(buffer, offset, length);
        }
        header.wrap(buffer, offset);
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = header.blockLength();
        final int version = header.version();
        switch (header.templateId())
        {
            case OrderAddedDecoder.TEMPLATE_ID:
                added.wrap(buffer, body, blockLength, version);
                publishHop.record(receivedNanos, sendingEpochNanos - added.transactTime());
                matcher.onOrderAdded(added.orderId(), receivedNanos);
                break;
            case OrderModifiedDecoder.TEMPLATE_ID:
                modified.wrap(buffer, body, blockLength, version);
                publishHop.record(receivedNanos, sendingEpochNanos - modified.transactTime());
                matcher.onOrderModified(modified.orderId(), receivedNanos);
                break;
            case OrderDeletedDecoder.TEMPLATE_ID:
                deleted.wrap(buffer, body, blockLength, version);
                publishHop.record(receivedNanos, sendingEpochNanos - deleted.transactTime());
                matcher.onOrderDeleted(deleted.orderId(), deleted.reason() == DeleteReason.REPLACED, receivedNanos);
                break;
            case TradeDecoder.TEMPLATE_ID:
                trade.wrap(buffer, body, blockLength, version);
                publishHop.record(receivedNanos, sendingEpochNanos - trade.transactTime());
                matcher.onTrade(trade.aggressorOrderId(), trade.restingOrderId(), receivedNanos);
                break;
            default:
                break;
        }
    }

    /**
     * One message of a snapshot that recovers a gap: an order it shows resting reached the feed, though its own
     * event fell in the gap.
     */
    void onSnapshotMessage(final DirectBuffer buffer, final int offset, final int length, final long receivedNanos)
    {
        book.apply(buffer, offset, length);
        header.wrap(buffer, offset);
        if (header.templateId() == SnapshotOrderDecoder.TEMPLATE_ID)
        {
            snapshotOrder.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(),
                header.version());
            matcher.onSeenInSnapshot(snapshotOrder.orderId(), receivedNanos);
        }
    }
}
