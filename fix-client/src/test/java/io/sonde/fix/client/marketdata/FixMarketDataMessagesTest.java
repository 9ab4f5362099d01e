package io.sonde.fix.client.marketdata;

import io.sonde.fix.codecs.decoder_flyweight.MarketDataIncrementalRefreshDecoder;
import io.sonde.fix.codecs.decoder_flyweight.MarketDataRequestRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.MarketDataSnapshotFullRefreshDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FIX market data read by the order-level conventions: MDEntryID is the resting order's OrderID, a trade's the
 * aggressor's; a venue that sends entries without it cannot measure order-to-tick, and says so.
 */
class FixMarketDataMessagesTest
{
    private static final String HEADER = "49=EXCH|56=SONDE-MD|34=7|52=20261123-12:00:00.000|";

    private final OrderToTick matcher = new OrderToTick(16, 16, 1_000);
    private final FixMarketDataMessages messages = new FixMarketDataMessages(matcher);

    @Test
    void aNewBidNamingSondesOrderIsItsFirstPublicEventAndATradeEntryNamesTheAggressor()
    {
        matcher.onNewAcknowledged(101, 1, 100, 110, true);
        matcher.onNewAcknowledged(102, 2, 100, 110, true);
        receive(MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE, "35=X|" + HEADER + "262=R1|268=3|" +
            "279=0|269=0|278=101|55=SONDE.A|270=100.5|271=10|83=1|" +
            "279=0|269=2|278=102|55=SONDE.A|270=100.5|271=4|83=2|" +
            "279=1|269=0|278=101|55=SONDE.A|270=100.5|271=6|83=2|", 300);
        matcher.finish();

        assertNull(messages.unavailable());
        assertEquals(2, matcher.seen());
        assertEquals(0, matcher.missing());
        assertEquals(3, messages.entries());
    }

    @Test
    void aDeleteIsTheCancelsEventOrTheReplacesWhenAReplaceIsAwaited()
    {
        matcher.onNewAcknowledged(101, 1, 100, 110, true);
        matcher.onNewAcknowledged(102, 2, 100, 110, true);
        receive(MarketDataSnapshotFullRefreshDecoder.MESSAGE_TYPE, "35=W|" + HEADER + "262=R1|55=SONDE.A|268=2|" +
            "269=0|270=100|271=10|278=101|269=1|270=101|271=10|278=102|", 200);
        matcher.onFollowUpSent(101, true, 100, 1_000, 1_010);
        matcher.onFollowUpSent(102, false, 100, 1_000, 1_010);
        receive(MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE, "35=X|" + HEADER + "262=R1|268=2|" +
            "279=2|269=0|278=101|55=SONDE.A|83=3|279=2|269=1|278=102|55=SONDE.A|83=4|", 1_500);
        matcher.finish();

        assertEquals(1, matcher.series().get(1).measured().corrected().recordedCount(), "cancel-to-tick");
        assertEquals(1, matcher.series().get(2).measured().corrected().recordedCount(), "replace-to-tick");
        assertEquals(0, matcher.missing());
    }

    @Test
    void aFullRefreshOfAnEmptyBookHasNoEntries()
    {
        receive(MarketDataSnapshotFullRefreshDecoder.MESSAGE_TYPE, "35=W|" + HEADER + "262=R1|55=SONDE.A|268=0|", 100);

        assertEquals(0, messages.entries());
        assertNull(messages.unavailable());
    }

    @Test
    void entriesWithoutMdEntryIdMakeOrderToTickUnavailableWithTheReasonNeverAZero()
    {
        matcher.onNewAcknowledged(101, 1, 100, 110, true);
        receive(MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE, "35=X|" + HEADER + "262=R1|268=1|" +
            "279=0|269=0|55=SONDE.A|270=100.5|271=10|83=1|", 300);

        assertTrue(messages.unavailable().contains("order-level feed"), messages.unavailable());
        assertTrue(messages.unavailable().contains("MDEntryID"), messages.unavailable());
    }

    @Test
    void aRejectedRequestIsUnavailableWithTheVenuesWords()
    {
        receive(MarketDataRequestRejectDecoder.MESSAGE_TYPE, "35=Y|" + HEADER + "262=R1|281=0|58=unknown symbol X|",
            100);

        assertEquals("the venue refused the market data request: unknown symbol X", messages.unavailable());
    }

    @Test
    void otherMessagesAreLeftAlone()
    {
        assertFalse(receive('A', "35=A|" + HEADER + "98=0|108=30|", 0));
    }

    private boolean receive(final long messageType, final String body, final long receivedNanos)
    {
        final String withSoh = body.replace('|', '\u0001');
        final byte[] bytes = ("8=FIX.4.4\u00019=" + withSoh.length() + "\u0001" + withSoh + "10=000\u0001")
            .getBytes(StandardCharsets.US_ASCII);
        return messages.onMessage(messageType, new UnsafeBuffer(bytes), 0, bytes.length, receivedNanos);
    }
}
