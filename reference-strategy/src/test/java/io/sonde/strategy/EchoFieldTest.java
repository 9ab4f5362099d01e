package io.sonde.strategy;

import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.Side;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.HeaderEncoder;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import org.junit.jupiter.api.Test;
import quickfix.DataDictionary;
import quickfix.Message;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The echo field lands at the end of the body with BodyLength (9) and CheckSum (10) right, as a FIX engine that
 * checks both (QuickFIX/J) reads it.
 */
class EchoFieldTest
{
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[1024]);

    @Test
    void aStandardTagTheOrderMayCarryValidatesAgainstFix44() throws Exception
    {
        final Message parsed = parse(new EchoField(order(), 526).identity(1_048_577));

        assertEquals("1048577", parsed.getString(526));
        new DataDictionary("FIX44.xml").validate(parsed);
    }

    @Test
    void aUserDefinedTagIsReadWithItsChecksumWhateverTheLengthOfTheIdentity() throws Exception
    {
        for (final long identity : new long[]{1, 9, 10, 99_999, 100_000, 123_456_789_012_345_678L})
        {
            final Message parsed = parse(new EchoField(order(), 5001).identity(identity));

            assertEquals(Long.toString(identity), parsed.getString(5001));
            assertEquals("S1", parsed.getString(11));
        }
    }

    @Test
    void theEncoderWritesAtTheOffsetItIsGiven() throws Exception
    {
        final EchoField echo = new EchoField(order(), 5001).identity(42);

        final long encoded = echo.encode(buffer, 100);

        assertEquals(100, Encoder.offset(encoded));
        final String raw = new String(buffer.byteArray(), 100, Encoder.length(encoded), StandardCharsets.US_ASCII);
        assertEquals("42", new Message(raw, new DataDictionary("FIX44.xml"), false).getString(5001));
    }

    private Message parse(final EchoField echo) throws Exception
    {
        final long encoded = echo.encode(buffer, 0);
        final String raw = new String(buffer.byteArray(), Encoder.offset(encoded), Encoder.length(encoded),
            StandardCharsets.US_ASCII);
        return new Message(raw, new DataDictionary("FIX44.xml"), true);
    }

    private NewOrderSingleEncoder order()
    {
        order.reset();
        ((HeaderEncoder)order.header()).senderCompID("APP").targetCompID("SONDEMKT").msgSeqNum(7)
            .sendingTime("20261128-06:00:00.000".getBytes(StandardCharsets.US_ASCII));
        order.clOrdID("S1").symbol("SONDE.A").side(Side.SELL)
            .transactTime("20261128-06:00:00.000".getBytes(StandardCharsets.US_ASCII))
            .orderQty(5, 0).ordType(OrdType.LIMIT).price(100_0050, 4).timeInForce(TimeInForce.IMMEDIATE_OR_CANCEL);
        return order;
    }
}
