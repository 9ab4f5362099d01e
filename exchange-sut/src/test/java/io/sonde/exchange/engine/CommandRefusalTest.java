package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.OrderAcceptedEncoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine tells commands apart by their message header and refuses, by name, anything that is not a command
 * of its protocol, changing nothing: only a foreign cluster client sends such a message, and every replica
 * ignores it alike. Nothing is guessed from a message's length.
 */
class CommandRefusalTest
{
    private static final long ALICE = 11;
    private static final int AERON_CLUSTER_SCHEMA_ID = 111;

    private final EngineHarness exchange = new EngineHarness();
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[256]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private long digest;
    private int reports;

    @BeforeEach
    void anEngineWithAnOpenOrder()
    {
        exchange.buy(ALICE, "b1", 10, 9.00);
        digest = exchange.engine.digest();
        reports = exchange.reports.size();
    }

    @Test
    void anUnknownTemplateIdIsRefusedByName()
    {
        header.wrap(message, 0).blockLength(8).templateId(99)
            .schemaId(MessageHeaderEncoder.SCHEMA_ID).version(MessageHeaderEncoder.SCHEMA_VERSION);
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + 8;

        final Refusal refusal = exchange.engine.onCommand(message, 0, length, 1, 0);

        assertEquals(Refusal.UNKNOWN_TEMPLATE, refusal);
        final String described = refusal.describe(message, 0, length);
        assertTrue(described.startsWith("UNKNOWN_TEMPLATE: 16 bytes, template 99 of schema 200"), described);
        assertNothingChanged();
    }

    @Test
    void anEventIsNoCommand()
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + new OrderAcceptedEncoder()
            .wrapAndApplyHeader(message, 0, header).ownerId(ALICE).clOrdId("b2").symbol("AAA").side(Side.BUY)
            .ordType(OrdType.LIMIT).timeInForce(TimeInForce.DAY).orderQty(10).price(EngineHarness.px(9.00))
            .encodedLength();

        assertEquals(Refusal.UNKNOWN_TEMPLATE, exchange.engine.onCommand(message, 0, length, 1, 0));
        assertNothingChanged();
    }

    @Test
    void aMessageOfAnotherSchemaIsRefusedWhateverItsTemplateId()
    {
        final int length = newOrder();
        header.wrap(message, 0).schemaId(AERON_CLUSTER_SCHEMA_ID);

        final Refusal refusal = exchange.engine.onCommand(message, 0, length, 1, 0);

        assertEquals(Refusal.FOREIGN_SCHEMA, refusal);
        final String described = refusal.describe(message, 0, length);
        assertTrue(described.contains("template 1 of schema 111"), described);
        assertNothingChanged();
    }

    @Test
    void aMessageShorterThanTheBlockItsHeaderAnnouncesIsRefusedAsTruncated()
    {
        final int length = newOrder();

        final int shorterThanAHeader = MessageHeaderDecoder.ENCODED_LENGTH - 1;

        assertEquals(Refusal.TRUNCATED, exchange.engine.onCommand(message, 0, length - 1, 1, 0));
        assertEquals(Refusal.TRUNCATED, exchange.engine.onCommand(message, 0, shorterThanAHeader, 1, 0));
        assertNothingChanged();
    }

    @Test
    void theSameNewOrderWithItsHeaderIntactIsApplied()
    {
        final int length = newOrder();

        assertNull(exchange.engine.onCommand(message, 0, length, 1, 0));
        assertEquals(2, exchange.engine.openOrderCount());
    }

    /**
     * @return its length, header included.
     */
    private int newOrder()
    {
        return MessageHeaderEncoder.ENCODED_LENGTH + new NewOrderEncoder().wrapAndApplyHeader(message, 0, header)
            .ownerId(ALICE).clOrdId("b2").symbol("AAA").side(Side.BUY).ordType(OrdType.LIMIT)
            .timeInForce(TimeInForce.DAY).orderQty(10).price(EngineHarness.px(9.00))
            .encodedLength();
    }

    private void assertNothingChanged()
    {
        assertEquals(digest, exchange.engine.digest());
        assertEquals(reports, exchange.reports.size(), "no event");
        assertEquals(1, exchange.engine.openOrderCount());
    }
}
