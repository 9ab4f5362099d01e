package io.sonde.exchange.cluster;

import io.sonde.exchange.engine.MatchingEngine;
import io.sonde.exchange.sbe.HopStampsDecoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The matching service stamps the answer to an order whose gateway stamped it, and only that answer; the stamps
 * are measurements, so the engine matches a stamped order exactly as an unstamped one.
 */
class HopStampingTest
{
    private static final long GATEWAY = 7;
    private static final long OTHER_GATEWAY = 8;
    private static final long READ = 1_000_000_000_000L;
    private static final long OFFER = READ + 3_000;

    private final UnsafeBuffer command = new UnsafeBuffer(new byte[256]);
    private final HopStamping stamping = new HopStamping();

    @Test
    void theFirstAnswerToAStampedOrderOnItsOwnConnectionGoesOutLedByTheStamps()
    {
        final int length = newOrder(command, "A1", 100, READ, OFFER);
        stamping.onCommand(command, 0, length, GATEWAY);
        assertFalse(stamping.answers(OTHER_GATEWAY), "another gateway's event is not the answer");
        assertTrue(stamping.answers(GATEWAY));

        final byte[] event = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        final DirectBuffer stamped = stamping.lead(new UnsafeBuffer(event), 0, event.length);

        final MessageHeaderDecoder header = new MessageHeaderDecoder().wrap(stamped, 0);
        assertEquals(HopStampsDecoder.TEMPLATE_ID, header.templateId());
        final HopStampsDecoder stamps = new HopStampsDecoder().wrap(
            stamped, MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(), header.version());
        assertEquals(READ, stamps.gatewayReadTime());
        assertEquals(OFFER, stamps.gatewayOfferTime());
        assertTrue(stamps.commitTime() > 0 && stamps.commitTime() <= stamps.eventTime(),
            stamps.commitTime() + " then " + stamps.eventTime());
        final int stampsLength = MessageHeaderDecoder.ENCODED_LENGTH + header.blockLength();
        assertEquals(stampsLength + event.length, stamping.stampedLength());
        final byte[] carried = new byte[event.length];
        stamped.getBytes(stampsLength, carried);
        assertArrayEquals(event, carried, "the event follows unchanged");
        assertFalse(stamping.answers(GATEWAY), "only the first answer is stamped");
    }

    @Test
    void anOrderWhoseSessionDidNotAskGoesUnstamped()
    {
        final int length = newOrder(command, "A1", 100, NewOrderEncoder.gatewayReadTimeNullValue(),
            NewOrderEncoder.gatewayOfferTimeNullValue());
        stamping.onCommand(command, 0, length, GATEWAY);

        assertFalse(stamping.answers(GATEWAY));
    }

    @Test
    void aCommandDoneLeavesNothingToStamp()
    {
        stamping.onCommand(command, 0, newOrder(command, "A1", 100, READ, OFFER), GATEWAY);
        stamping.onCommandDone();

        assertFalse(stamping.answers(GATEWAY));
    }

    @Test
    void theEngineMatchesStampedOrdersExactlyAsUnstampedOnes()
    {
        final List<byte[]> stampedEvents = new ArrayList<>();
        final List<byte[]> plainEvents = new ArrayList<>();
        final MatchingEngine stampedEngine = engine(stampedEvents);
        final MatchingEngine plainEngine = engine(plainEvents);
        final UnsafeBuffer plain = new UnsafeBuffer(new byte[256]);
        for (int i = 0; i < 20; i++)
        {
            final String id = "O" + i;
            final long quantity = 10 + i % 7;
            stampedEngine.onCommand(command, 0, newOrder(command, id, quantity, READ + i, OFFER + i), GATEWAY, 0);
            plainEngine.onCommand(plain, 0, newOrder(plain, id, quantity, NewOrderEncoder.gatewayReadTimeNullValue(),
                NewOrderEncoder.gatewayOfferTimeNullValue()), GATEWAY, 0);
        }

        assertEquals(plainEngine.digest(), stampedEngine.digest());
        assertEquals(plainEvents.size(), stampedEvents.size());
        for (int i = 0; i < plainEvents.size(); i++)
        {
            assertArrayEquals(plainEvents.get(i), stampedEvents.get(i), "event " + i);
        }
    }

    private static MatchingEngine engine(final List<byte[]> events)
    {
        return new MatchingEngine(List.of("SONDE.A"), (sessionId, buffer, offset, length) ->
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            events.add(copy);
        });
    }

    /**
     * Buys and sells in turn at one price, so every other order trades.
     */
    private static int newOrder(
        final UnsafeBuffer buffer, final String id, final long quantity, final long read, final long offer)
    {
        final NewOrderEncoder order = new NewOrderEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .ownerId(id.hashCode() % 2 == 0 ? 1 : 2)
            .price(1_000_000)
            .orderQty(quantity)
            .clOrdId(id)
            .symbol("SONDE.A")
            .side(id.hashCode() % 2 == 0 ? Side.BUY : Side.SELL)
            .ordType(OrdType.LIMIT)
            .timeInForce(TimeInForce.DAY)
            .gatewayReadTime(read)
            .gatewayOfferTime(offer);
        return MessageHeaderEncoder.ENCODED_LENGTH + order.encodedLength();
    }
}
