package io.sonde.md.fix;

import io.sonde.fix.codecs.builder.HeaderEncoder;
import io.sonde.fix.codecs.builder.MarketDataRequestEncoder;
import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import quickfix.DataDictionary;
import quickfix.Group;
import quickfix.Message;
import quickfix.field.MDEntryID;
import quickfix.field.NoMDEntries;
import quickfix.field.Text;
import quickfix.fix44.MarketDataIncrementalRefresh;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A trigger reaches a FIX market-data subscriber as the one entry of an incremental refresh (X) whose Text (58) is
 * TRIGGER and whose MDEntryID (278) is the trigger's order id, in a message QuickFIX/J's own FIX 4.4 dictionary
 * accepts; every other entry carries no Text.
 */
class MarketDataMessagesTest
{
    private final OrderLevelBook book = new OrderLevelBook();
    private final MarketDataSubscriptions subscriptions =
        new MarketDataSubscriptions(List.of("SONDE.A"), book, () -> true);
    private final List<String> sent = new ArrayList<>();
    private final MutableAsciiBuffer encoded = new MutableAsciiBuffer(new byte[4096]);
    private final UnsafeBuffer event = new UnsafeBuffer(new byte[128]);
    private long sequence;

    @Test
    void aTriggersIncrementalRefreshCarriesTextTriggerAndItsOrderIdAndValidatesAgainstFix44() throws Exception
    {
        subscribe();

        added(1_048_577, Side.BUY, 100_0050, 7, true);

        final Message refresh = parsedIncremental(sent.get(sent.size() - 1));
        final Group entry = refresh.getGroup(1, NoMDEntries.FIELD);
        assertEquals("TRIGGER", entry.getString(Text.FIELD));
        assertEquals("1048577", entry.getString(MDEntryID.FIELD));
        assertEquals(1, refresh.getInt(NoMDEntries.FIELD));
    }

    @Test
    void anEventWithoutTheFlagCarriesNoText() throws Exception
    {
        subscribe();

        added(5, Side.SELL, 101_0000, 3, false);
        added(6, Side.BUY, 99_0000, 2, true);
        added(7, Side.BUY, 98_0000, 1, false);

        final List<String> incrementals = sent.subList(sent.size() - 3, sent.size());
        assertFalse(parsedIncremental(incrementals.get(0)).getGroup(1, NoMDEntries.FIELD).isSetField(Text.FIELD));
        assertTrue(parsedIncremental(incrementals.get(1)).getGroup(1, NoMDEntries.FIELD).isSetField(Text.FIELD));
        assertFalse(parsedIncremental(incrementals.get(2)).getGroup(1, NoMDEntries.FIELD).isSetField(Text.FIELD),
            "a reused entry does not keep the trigger's Text");
    }

    @Test
    void aFullRefreshShowsATriggersOrderWithoutAMark()
    {
        added(9, Side.BUY, 100_0050, 7, true);

        subscribe();

        assertEquals(1, sent.size());
        assertFalse(sent.get(0).contains("\u000158="), sent.get(0));
        assertTrue(sent.get(0).contains("\u000137=9\u0001"), sent.get(0));
    }

    private Message parsedIncremental(final String raw) throws Exception
    {
        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        final Message message = new MarketDataIncrementalRefresh();
        message.fromString(raw, dictionary, true);
        dictionary.validate(message);
        return message;
    }

    private void subscribe()
    {
        final MarketDataRequestEncoder request = new MarketDataRequestEncoder()
            .mDReqID("md1").subscriptionRequestType('1').marketDepth(0);
        request.mDEntryTypesGroup(2).mDEntryType('0').next().mDEntryType('1');
        request.relatedSymGroup(1).symbol("SONDE.A");
        final long length = encode(request);
        final MarketDataRequestDecoder decoder = new MarketDataRequestDecoder();
        decoder.decode(encoded, Encoder.offset(length), Encoder.length(length));
        assertTrue(subscriptions.onRequest(this::record, decoder));
    }

    private void added(final long orderId, final Side side, final long price, final long quantity,
        final boolean trigger)
    {
        final OrderAddedEncoder added = new OrderAddedEncoder()
            .wrapAndApplyHeader(event, 0, new MessageHeaderEncoder())
            .orderId(orderId).transactTime(1).price(price).quantity(quantity).side(side).symbol("SONDE.A");
        added.flags().clear().trigger(trigger);
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + added.encodedLength();
        book.apply(event, 0, length);
        subscriptions.onFeedEvent(++sequence, event, 0, length);
    }

    private long record(final Encoder message)
    {
        final long length = encode(message);
        sent.add(new String(encoded.byteArray(), Encoder.offset(length), Encoder.length(length),
            StandardCharsets.US_ASCII));
        return Encoder.length(length);
    }

    private long encode(final Encoder message)
    {
        ((HeaderEncoder)message.header()).senderCompID("SONDEMKT").targetCompID("APP").msgSeqNum(1)
            .sendingTime("20261128-00:00:00.000".getBytes(StandardCharsets.US_ASCII));
        return message.encode(encoded, 0);
    }
}
