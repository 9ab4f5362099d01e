package io.sonde.fix.codecs;

import io.sonde.fix.codecs.builder.ExecutionReportEncoder;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.NewOrderSingleDecoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The generated codecs carry the order-entry fields Sonde relies on, byte for byte, both ways.
 */
class CodecRoundTripTest
{
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[4096]);
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();

    @Test
    void newOrderSingleRoundTrips()
    {
        final NewOrderSingleEncoder encoder = new NewOrderSingleEncoder();
        encoder.header().senderCompID("SONDE1").targetCompID("EXCH").msgSeqNum(7).sendingTime(timestamp(), 21);
        final int length = transactTime.encode(1_700_000_000_000L);
        encoder.clOrdID("00000050000000000001".toCharArray())
            .symbol("SONDE.A")
            .side(Side.BUY)
            .transactTime(transactTime.buffer(), length)
            .orderQty(100, 0)
            .ordType(OrdType.LIMIT)
            .price(10_125, 2)
            .timeInForce(TimeInForce.IMMEDIATE_OR_CANCEL);

        final long result = encoder.encode(buffer, 0);
        final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();
        decoder.decode(buffer, Encoder.offset(result), Encoder.length(result));

        assertEquals("00000050000000000001", decoder.clOrdIDAsString());
        assertEquals("SONDE.A", decoder.symbolAsString());
        assertEquals(Side.BUY.representation(), decoder.side());
        assertEquals(100, decoder.orderQty().toDouble());
        assertEquals(101.25, decoder.price().toDouble());
        assertEquals(TimeInForce.IMMEDIATE_OR_CANCEL.representation(), decoder.timeInForce());
    }

    @Test
    void executionReportRoundTrips()
    {
        final ExecutionReportEncoder encoder = new ExecutionReportEncoder();
        encoder.header().senderCompID("EXCH").targetCompID("SONDE1").msgSeqNum(9).sendingTime(timestamp(), 21);
        encoder.orderID("42")
            .clOrdID("00000050000000000001")
            .execID("E42")
            .execType(ExecType.TRADE)
            .ordStatus(OrdStatus.PARTIALLY_FILLED)
            .symbol("SONDE.A")
            .side(Side.SELL)
            .lastQty(30, 0)
            .lastPx(10_125, 2)
            .leavesQty(70, 0)
            .cumQty(30, 0)
            .avgPx(10_125, 2);

        final long result = encoder.encode(buffer, 0);
        final ExecutionReportDecoder decoder = new ExecutionReportDecoder();
        decoder.decode(buffer, Encoder.offset(result), Encoder.length(result));

        assertEquals("00000050000000000001", new String(decoder.clOrdID(), 0, decoder.clOrdIDLength()));
        assertEquals(ExecType.TRADE.representation(), decoder.execType());
        assertEquals(OrdStatus.PARTIALLY_FILLED.representation(), decoder.ordStatus());
        assertEquals(30, decoder.lastQty().toDouble());
        assertEquals(70, decoder.leavesQty().toDouble());
    }

    @Test
    void theDictionaryIsFix44()
    {
        final FixDictionary dictionary = new FixDictionaryImpl();
        assertEquals("FIX.4.4", dictionary.beginString());
    }

    private byte[] timestamp()
    {
        transactTime.encode(1_700_000_000_123L);
        return transactTime.buffer();
    }
}
