package io.sonde.md.fix;

import io.sonde.fix.codecs.builder.HeaderEncoder;
import io.sonde.fix.codecs.builder.MarketDataRequestEncoder;
import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.OrderModifiedEncoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.TradeEncoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarketDataSubscriptionsTest
{
    private final OrderLevelBook book = new OrderLevelBook();
    private boolean bookIsLive = true;
    private final MarketDataSubscriptions subscriptions =
        new MarketDataSubscriptions(List.of("SONDE.A", "SONDE.B"), book, () -> bookIsLive);
    private final Recorder client = new Recorder();
    private final UnsafeBuffer event = new UnsafeBuffer(new byte[256]);
    private final MessageHeaderEncoder eventHeader = new MessageHeaderEncoder();
    private long sequence;

    @Test
    void aSubscriptionGetsAFullRefreshOfEachSymbolWithBidsThenOffersNamedByTheirOrderIds()
    {
        added(7, Side.SELL, 101_5000, 3, "SONDE.A");
        added(5, Side.BUY, 100_0000, 10, "SONDE.A");
        added(6, Side.BUY, 99_0000, 1, "SONDE.B");

        assertTrue(request('1', "md1", "SONDE.A", "SONDE.B"));

        assertEquals(List.of(
            "35=W|262=md1|55=SONDE.A|268=2|269=0|270=100|271=10|37=5|269=1|270=101.5|271=3|37=7|",
            "35=W|262=md1|55=SONDE.B|268=1|269=0|270=99|271=1|37=6|"), client.sent);
    }

    @Test
    void eachBookChangeOfASubscribedSymbolBecomesAnIncrementalRefreshNamingTheOrder()
    {
        request('1', "md1", "SONDE.A");
        client.sent.clear();

        added(5, Side.BUY, 100_0000, 10, "SONDE.A");
        modified(5, Side.BUY, 100_0000, 4, "SONDE.A");
        deleted(5, Side.BUY, "SONDE.A");

        assertEquals(List.of(
            "35=X|262=md1|268=1|279=0|269=0|278=5|55=SONDE.A|270=100|271=10|",
            "35=X|262=md1|268=1|279=1|269=0|278=5|55=SONDE.A|270=100|271=4|",
            "35=X|262=md1|268=1|279=2|269=0|278=5|55=SONDE.A|"), client.sent);
    }

    @Test
    void aTradeIsFollowedByTheRestingOrdersChangeOrItsDeleteWhenFilled()
    {
        added(5, Side.SELL, 100_2500, 10, "SONDE.A");
        request('1', "md1", "SONDE.A");
        client.sent.clear();

        trade(9, Side.BUY, 5, 100_2500, 4, "SONDE.A");
        trade(10, Side.BUY, 5, 100_2500, 6, "SONDE.A");

        assertEquals(List.of(
            "35=X|262=md1|268=2|279=0|269=2|278=9|55=SONDE.A|270=100.25|271=4|" +
                "279=1|269=1|278=5|55=SONDE.A|270=100.25|271=6|",
            "35=X|262=md1|268=2|279=0|269=2|278=10|55=SONDE.A|270=100.25|271=6|" +
                "279=2|269=1|278=5|55=SONDE.A|"), client.sent);
    }

    @Test
    void changesOfSymbolsNotSubscribedAreNotSent()
    {
        request('1', "md1", "SONDE.A");
        client.sent.clear();

        added(5, Side.BUY, 100_0000, 10, "SONDE.B");

        assertEquals(List.of(), client.sent);
    }

    @Test
    void entryTypesNotAskedForAreLeftOut()
    {
        added(5, Side.SELL, 100_0000, 10, "SONDE.A");
        requestTypes("md1", '2');
        added(6, Side.BUY, 99_0000, 1, "SONDE.A");
        trade(9, Side.BUY, 5, 100_0000, 4, "SONDE.A");

        assertEquals(List.of(
            "35=W|262=md1|55=SONDE.A|268=0|",
            "35=X|262=md1|268=1|279=0|269=2|278=9|55=SONDE.A|270=100|271=4|"), client.sent);
    }

    @Test
    void aSnapshotOnlyRequestGetsItsFullRefreshAndNoUpdates()
    {
        request('0', "md1", "SONDE.A");
        added(5, Side.BUY, 100_0000, 10, "SONDE.A");

        assertEquals(List.of("35=W|262=md1|55=SONDE.A|268=0|"), client.sent);
        assertEquals(0, subscriptions.subscriptionCount());
    }

    @Test
    void unsubscribingEndsTheStream()
    {
        request('1', "md1", "SONDE.A");
        request('2', "md1", "SONDE.A");
        client.sent.clear();

        added(5, Side.BUY, 100_0000, 10, "SONDE.A");

        assertEquals(List.of(), client.sent);
        assertEquals(0, subscriptions.subscriptionCount());
    }

    @Test
    void unsubscribingAnMdReqIdThatNamesNoSubscriptionIsRejectedWithAText()
    {
        request('2', "md9", "SONDE.A");

        assertEquals(List.of("35=Y|262=md9|58=no subscription of this session has MDReqID md9|"), client.sent);
    }

    @Test
    void anUnknownSymbolIsRejectedWithReasonZeroNamingItAndNothingIsSubscribed()
    {
        request('1', "md1", "SONDE.A", "NOPE");

        assertEquals(List.of("35=Y|262=md1|281=0|58=unknown symbol NOPE|"), client.sent);
        assertEquals(0, subscriptions.subscriptionCount());
    }

    @Test
    void aSecondSubscriptionUnderTheSameMdReqIdIsRejectedWithReasonOne()
    {
        request('1', "md1", "SONDE.A");
        client.sent.clear();

        request('1', "md1", "SONDE.B");

        assertEquals(List.of("35=Y|262=md1|281=1|58=MDReqID md1 already names a subscription of this session|"),
            client.sent);
    }

    @Test
    void anotherSessionMayUseTheSameMdReqId()
    {
        request('1', "md1", "SONDE.A");
        final Recorder other = new Recorder();

        assertTrue(subscriptions.onRequest(other, decoded('1', "md1", 0, "SONDE.A")));

        assertEquals(List.of("35=W|262=md1|55=SONDE.A|268=0|"), other.sent);
        assertEquals(2, subscriptions.subscriptionCount());
    }

    @Test
    void aSessionHoldsAtMostSixteenSubscriptionsAndTheNextIsRejectedWithReasonTwo()
    {
        for (int i = 0; i < MarketDataSubscriptions.MAX_PER_SESSION; i++)
        {
            request('1', "md" + i, "SONDE.A");
        }
        client.sent.clear();

        request('1', "md16", "SONDE.A");

        assertEquals(List.of("35=Y|262=md16|281=2|58=a session may hold at most 16 subscriptions: end one first|"),
            client.sent);
    }

    @Test
    void aMarketDepthOtherThanTheFullBookIsRejectedWithReasonFive()
    {
        subscriptions.onRequest(client, decoded('1', "md1", 5, "SONDE.A"));

        assertEquals(List.of("35=Y|262=md1|281=5|58=only MarketDepth 0 (the full book) is served|"), client.sent);
    }

    @Test
    void aRejectThatMeetsBackPressureIsOfferedAgain()
    {
        client.backPressured = true;

        assertFalse(request('1', "md1", "NOPE"));
        assertEquals(1, subscriptions.backPressured());
    }

    @Test
    void aBackPressuredRefreshIsCountedAndMadeGoodByAFreshFullRefreshOnceTheSessionTakesIt()
    {
        request('1', "md1", "SONDE.A");
        client.sent.clear();
        client.backPressured = true;
        added(5, Side.BUY, 100_0000, 10, "SONDE.A");
        added(6, Side.BUY, 100_0000, 2, "SONDE.A");
        assertEquals(1, subscriptions.backPressured());

        client.backPressured = false;
        assertEquals(1, subscriptions.sendOwedRefreshes());
        added(7, Side.BUY, 100_0000, 1, "SONDE.A");

        assertEquals(List.of(
            "35=W|262=md1|55=SONDE.A|268=2|269=0|270=100|271=10|37=5|269=0|270=100|271=2|37=6|",
            "35=X|262=md1|268=1|279=0|269=0|278=7|55=SONDE.A|270=100|271=1|"), client.sent);
        assertEquals(0, subscriptions.sendOwedRefreshes());
    }

    @Test
    void aBookResetSendsEverySubscriptionAFreshFullRefresh()
    {
        request('1', "md1", "SONDE.A");
        client.sent.clear();
        added(5, Side.BUY, 100_0000, 10, "SONDE.A");
        client.sent.clear();

        subscriptions.onBookReset();

        assertEquals(List.of("35=W|262=md1|55=SONDE.A|268=1|269=0|270=100|271=10|37=5|"), client.sent);
    }

    @Test
    void aRequestWhileTheReplicaWaitsForASnapshotGetsItsFullRefreshOnceTheReplicaIsLive()
    {
        bookIsLive = false;
        request('1', "md1", "SONDE.A");
        assertEquals(0, subscriptions.sendOwedRefreshes());
        assertEquals(List.of(), client.sent);

        bookIsLive = true;
        added(5, Side.BUY, 100_0000, 10, "SONDE.A");
        assertEquals(1, subscriptions.sendOwedRefreshes());

        assertEquals(List.of("35=W|262=md1|55=SONDE.A|268=1|269=0|270=100|271=10|37=5|"), client.sent);
        assertEquals(0, subscriptions.backPressured());
    }

    @Test
    void aDisconnectedSessionsSubscriptionsEnd()
    {
        request('1', "md1", "SONDE.A");
        client.sent.clear();

        subscriptions.onDisconnect(client);
        added(5, Side.BUY, 100_0000, 10, "SONDE.A");

        assertEquals(List.of(), client.sent);
        assertEquals(0, subscriptions.subscriptionCount());
    }

    private boolean request(final char type, final String mdReqId, final String... symbols)
    {
        return subscriptions.onRequest(client, decoded(type, mdReqId, 0, symbols));
    }

    private void requestTypes(final String mdReqId, final char entryType)
    {
        final MarketDataRequestEncoder request = new MarketDataRequestEncoder()
            .mDReqID(mdReqId).subscriptionRequestType('1').marketDepth(0);
        request.mDEntryTypesGroup(1).mDEntryType(entryType);
        request.relatedSymGroup(1).symbol("SONDE.A");
        assertTrue(subscriptions.onRequest(client, decode(request)));
    }

    private static MarketDataRequestDecoder decoded(
        final char type, final String mdReqId, final int depth, final String... symbols)
    {
        final MarketDataRequestEncoder request = new MarketDataRequestEncoder()
            .mDReqID(mdReqId).subscriptionRequestType(type).marketDepth(depth);
        request.mDEntryTypesGroup(3).mDEntryType('0').next().mDEntryType('1').next().mDEntryType('2');
        MarketDataRequestEncoder.RelatedSymGroupEncoder symbol = request.relatedSymGroup(symbols.length);
        for (final String name : symbols)
        {
            symbol.symbol(name);
            symbol = symbol.next();
        }
        return decode(request);
    }

    private static MarketDataRequestDecoder decode(final MarketDataRequestEncoder request)
    {
        final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[1024]);
        final long encoded = Recorder.encode(request, buffer);
        final MarketDataRequestDecoder decoder = new MarketDataRequestDecoder();
        decoder.decode(buffer, Encoder.offset(encoded), Encoder.length(encoded));
        assertTrue(decoder.validate(), "a valid request");
        return decoder;
    }

    private void added(final long orderId, final Side side, final long price, final long quantity, final String symbol)
    {
        feed(new OrderAddedEncoder().wrapAndApplyHeader(event, 0, eventHeader).orderId(orderId).transactTime(1)
            .price(price).quantity(quantity).side(side).symbol(symbol).encodedLength());
    }

    private void modified(
        final long orderId, final Side side, final long price, final long quantity, final String symbol)
    {
        feed(new OrderModifiedEncoder().wrapAndApplyHeader(event, 0, eventHeader).orderId(orderId).transactTime(1)
            .price(price).quantity(quantity).side(side).symbol(symbol).encodedLength());
    }

    private void deleted(final long orderId, final Side side, final String symbol)
    {
        feed(new OrderDeletedEncoder().wrapAndApplyHeader(event, 0, eventHeader).orderId(orderId).transactTime(1)
            .side(side).reason(DeleteReason.CANCELED).symbol(symbol).encodedLength());
    }

    private void trade(
        final long aggressor, final Side aggressorSide, final long resting, final long price, final long quantity,
        final String symbol)
    {
        feed(new TradeEncoder().wrapAndApplyHeader(event, 0, eventHeader).tradeId(1).transactTime(1)
            .aggressorOrderId(aggressor).restingOrderId(resting).price(price).quantity(quantity)
            .aggressorSide(aggressorSide).symbol(symbol).encodedLength());
    }

    /**
     * As the feed's publisher does: the replica first, then the listeners.
     */
    private void feed(final int bodyLength)
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + bodyLength;
        assertTrue(book.apply(event, 0, length));
        subscriptions.onFeedEvent(++sequence, event, 0, length);
    }

    /**
     * A session's messages as their body's tag=value text, '|' for SOH, MsgType first.
     */
    private static final class Recorder implements MarketDataSubscriber
    {
        final List<String> sent = new ArrayList<>();
        final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[4096]);
        boolean backPressured;

        public long trySend(final Encoder message)
        {
            if (backPressured)
            {
                return -1;
            }
            final long encoded = encode(message, buffer);
            final int length = Encoder.length(encoded);
            final String text = new String(buffer.byteArray(), Encoder.offset(encoded), length,
                StandardCharsets.US_ASCII)
                .replace('\u0001', '|');
            final String body = text.substring(text.indexOf("|52=") + 1);
            sent.add("35=" + text.split("\\|35=")[1].split("\\|")[0] + "|" +
                body.substring(body.indexOf('|') + 1, body.lastIndexOf("10=")));
            return length;
        }

        static long encode(final Encoder message, final MutableAsciiBuffer buffer)
        {
            ((HeaderEncoder)message.header()).senderCompID("EXCHANGE").targetCompID("CLIENT").msgSeqNum(1)
                .sendingTime("20261126-00:00:00.000".getBytes(StandardCharsets.US_ASCII));
            return message.encode(buffer, 0);
        }
    }
}
