package io.sonde.fix.codecs;

import io.sonde.fix.codecs.builder.ExecutionReportEncoder;
import io.sonde.fix.codecs.builder.HeaderEncoder;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated codecs carry the order-entry fields Sonde relies on, both ways, and what they decode passes
 * Artio's validation.
 */
class CodecRoundTripTest
{
    private static final String CL_ORD_ID = "00000050000000000001";
    private static final String SYMBOL = "SONDE.A";
    private static final long SENDING_TIME_MS = 1_700_000_000_123L;
    private static final long TRANSACT_TIME_MS = 1_700_000_000_000L;

    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[4096]);
    private final UtcTimestampEncoder sendingTime = new UtcTimestampEncoder();
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();

    @Test
    void newOrderSingleRoundTrips()
    {
        final NewOrderSingleEncoder encoder = new NewOrderSingleEncoder();
        header(encoder.header(), "SONDE1", "EXCH", 7);
        final int transactTimeLength = transactTime.encode(TRANSACT_TIME_MS);
        encoder.clOrdID(CL_ORD_ID.toCharArray())
            .symbol(SYMBOL)
            .side(Side.BUY)
            .transactTime(transactTime.buffer(), transactTimeLength)
            .orderQty(100, 0)
            .ordType(OrdType.LIMIT)
            .price(10_125, 2)
            .timeInForce(TimeInForce.IMMEDIATE_OR_CANCEL);

        final long result = encoder.encode(buffer, 0);
        final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();
        decoder.decode(buffer, Encoder.offset(result), Encoder.length(result));

        assertTrue(decoder.validate(), () -> "tag " + decoder.invalidTagId() + " reason " + decoder.rejectReason());
        assertEquals("FIX.4.4", new String(decoder.header().beginString(), 0, decoder.header().beginStringLength()));
        assertEquals("SONDE1", decoder.header().senderCompIDAsString());
        assertEquals("EXCH", decoder.header().targetCompIDAsString());
        assertEquals(7, decoder.header().msgSeqNum());
        assertEquals(CL_ORD_ID, new String(decoder.clOrdID(), 0, decoder.clOrdIDLength()));
        assertEquals(SYMBOL, decoder.symbolAsString());
        assertEquals(Side.BUY, decoder.sideAsEnum());
        assertEquals(new DecimalFloat(100, 0), decoder.orderQty());
        assertEquals(new DecimalFloat(10_125, 2), decoder.price());
        assertEquals(OrdType.LIMIT, decoder.ordTypeAsEnum());
        assertEquals(TimeInForce.IMMEDIATE_OR_CANCEL, decoder.timeInForceAsEnum());
    }

    @Test
    void marketOrderWithoutPriceIsValid()
    {
        final NewOrderSingleEncoder encoder = new NewOrderSingleEncoder();
        header(encoder.header(), "SONDE1", "EXCH", 8);
        final int transactTimeLength = transactTime.encode(TRANSACT_TIME_MS);
        encoder.clOrdID(CL_ORD_ID)
            .symbol(SYMBOL)
            .side(Side.SELL)
            .transactTime(transactTime.buffer(), transactTimeLength)
            .orderQty(5, 0)
            .ordType(OrdType.MARKET);

        final long result = encoder.encode(buffer, 0);
        final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();
        decoder.decode(buffer, Encoder.offset(result), Encoder.length(result));

        assertTrue(decoder.validate(), () -> "tag " + decoder.invalidTagId() + " reason " + decoder.rejectReason());
        assertFalse(decoder.hasPrice());
        assertFalse(decoder.hasTimeInForce());
        assertEquals(Side.SELL, decoder.sideAsEnum());
    }

    @Test
    void executionReportRoundTripsThroughBothDecoders()
    {
        final ExecutionReportEncoder encoder = executionReport(ExecType.TRADE, OrdStatus.PARTIALLY_FILLED);

        final long result = encoder.encode(buffer, 0);
        final int offset = Encoder.offset(result);
        final int length = Encoder.length(result);

        final io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder flyweight =
            new io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder();
        flyweight.decode(buffer, offset, length);
        assertTrue(flyweight.validate(),
            () -> "tag " + flyweight.invalidTagId() + " reason " + flyweight.rejectReason());
        assertEquals(CL_ORD_ID, new String(flyweight.clOrdID(), 0, flyweight.clOrdIDLength()));
        assertEquals(SYMBOL, flyweight.symbolAsString());
        assertEquals(Side.SELL, flyweight.sideAsEnum());
        assertEquals(new DecimalFloat(100, 0), flyweight.orderQty());
        assertEquals(new DecimalFloat(10_125, 2), flyweight.price());
        assertEquals(ExecType.TRADE, flyweight.execTypeAsEnum());
        assertEquals(OrdStatus.PARTIALLY_FILLED, flyweight.ordStatusAsEnum());
        assertEquals(new DecimalFloat(30, 0), flyweight.lastQty());
        assertEquals(new DecimalFloat(70, 0), flyweight.leavesQty());
        assertEquals(new DecimalFloat(30, 0), flyweight.cumQty());

        final io.sonde.fix.codecs.decoder.ExecutionReportDecoder decoder =
            new io.sonde.fix.codecs.decoder.ExecutionReportDecoder();
        decoder.decode(buffer, offset, length);
        assertTrue(decoder.validate(), () -> "tag " + decoder.invalidTagId() + " reason " + decoder.rejectReason());
        assertEquals(CL_ORD_ID, decoder.clOrdIDAsString());
        assertEquals(SYMBOL, decoder.symbolAsString());
        assertEquals(Side.SELL.representation(), decoder.side());
        assertEquals(new DecimalFloat(100, 0), decoder.orderQty());
        assertEquals(new DecimalFloat(10_125, 2), decoder.price());
        assertEquals("EXCH", decoder.header().senderCompIDAsString());
        assertEquals(9, decoder.header().msgSeqNum());
    }

    @Test
    void executionReportWithOtherFix44StatusesIsValid()
    {
        final ExecutionReportEncoder encoder = executionReport(ExecType.ORDER_STATUS, OrdStatus.PENDING_NEW);

        final long result = encoder.encode(buffer, 0);
        final io.sonde.fix.codecs.decoder.ExecutionReportDecoder decoder =
            new io.sonde.fix.codecs.decoder.ExecutionReportDecoder();
        decoder.decode(buffer, Encoder.offset(result), Encoder.length(result));

        assertTrue(decoder.validate(), () -> "tag " + decoder.invalidTagId() + " reason " + decoder.rejectReason());
        assertEquals(ExecType.ORDER_STATUS, decoder.execTypeAsEnum());
        assertEquals(OrdStatus.PENDING_NEW, decoder.ordStatusAsEnum());
    }

    @Test
    void theDictionaryIsFix44()
    {
        final FixDictionary dictionary = FixDictionary.of(FixDictionaryImpl.class);
        assertEquals("FIX.4.4", dictionary.beginString());
        assertTrue(dictionary.makeLogonEncoder() instanceof io.sonde.fix.codecs.builder.LogonEncoder);
        assertTrue(dictionary.makeHeaderDecoder() instanceof io.sonde.fix.codecs.decoder.HeaderDecoder);
    }

    private ExecutionReportEncoder executionReport(final ExecType execType, final OrdStatus ordStatus)
    {
        final ExecutionReportEncoder encoder = new ExecutionReportEncoder();
        header(encoder.header(), "EXCH", "SONDE1", 9);
        encoder.orderID("42")
            .clOrdID(CL_ORD_ID)
            .execID("E42")
            .execType(execType)
            .ordStatus(ordStatus)
            .symbol(SYMBOL)
            .side(Side.SELL)
            .orderQty(100, 0)
            .ordType(OrdType.LIMIT)
            .price(10_125, 2)
            .lastQty(30, 0)
            .lastPx(10_125, 2)
            .leavesQty(70, 0)
            .cumQty(30, 0)
            .avgPx(10_125, 2);
        return encoder;
    }

    private void header(final HeaderEncoder header, final String sender, final String target, final int seqNum)
    {
        final int length = sendingTime.encode(SENDING_TIME_MS);
        header.senderCompID(sender)
            .targetCompID(target)
            .msgSeqNum(seqNum)
            .sendingTime(sendingTime.buffer(), length);
    }
}
