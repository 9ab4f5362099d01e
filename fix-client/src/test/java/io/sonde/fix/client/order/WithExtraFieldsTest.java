package io.sonde.fix.client.order;

import io.sonde.fix.client.profile.ExtraFields;
import io.sonde.fix.client.profile.OrderMessageType;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.Side;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.codecs.decoder_flyweight.NewOrderSingleDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A message with a profile's extra fields is still a well-formed FIX message: the fields sit at the end of the
 * body, BodyLength counts them, the checksum covers them, and a decoder reads every field.
 */
class WithExtraFieldsTest
{
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new UnsafeBuffer(new byte[2048]));

    @Test
    void theExtraFieldsEndTheBodyAndBodyLengthAndCheckSumCountThem()
    {
        final String message = encode(extraFields("""
            messages:
              NewOrderSingle:
                - {field: HandlInst, value: 1}
                - {field: ExDestination, value: XNYS}
            """), 0);

        assertTrue(message.contains("|59=0|21=1|100=XNYS|10="), message);
        assertWellFormed(message);
    }

    @Test
    void aBodyThatNeedsAnotherDigitForItsLengthMovesTheHeader()
    {
        final String plain = encode(ExtraFields.none(), 0);
        final int bodyLength = bodyLength(plain);
        assertTrue(bodyLength < 1000, plain);

        final String padded = encode(extraFields("""
            messages:
              NewOrderSingle:
                - {tag: 5001, value: %s}
            """.formatted("x".repeat(1000 - bodyLength))), 0);

        assertTrue(bodyLength(padded) >= 1000, padded);
        assertTrue(padded.startsWith("8=FIX.4.4|9=1"), padded);
        assertWellFormed(padded);
    }

    @Test
    void aDecoderReadsTheMessageWithAGroupAndPerSessionValues()
    {
        final String message = encode(extraFields("""
            messages:
              NewOrderSingle:
                - group: NoPartyIDs
                  entries:
                    - - {field: PartyID, perSession: "T%d"}
                      - {field: PartyIDSource, value: D}
                      - {field: PartyRole, value: 12}
            """), 1);

        assertTrue(message.contains("|453=1|448=T2|447=D|452=12|10="), message);
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();
        decoder.decode(new MutableAsciiBuffer(bytes), 0, bytes.length);
        assertEquals("SONDE-1", decoder.clOrdIDAsString());
        assertEquals(37, decoder.orderQty().toDouble(), 0);
    }

    private String encode(final ExtraFields extraFields, final int sessionIndex)
    {
        final NewOrderSingleEncoder newOrder = new NewOrderSingleEncoder();
        newOrder.header().senderCompID("SONDE1").targetCompID("EXCH").msgSeqNum(12)
            .sendingTime("20261123-12:00:00.000".getBytes(StandardCharsets.US_ASCII));
        newOrder.clOrdID("SONDE-1").symbol("SONDE.A").side(Side.BUY)
            .transactTime("20261123-12:00:00.000".getBytes(StandardCharsets.US_ASCII))
            .orderQty(37, 0).ordType(OrdType.LIMIT).price(10_050, 2).timeInForce(TimeInForce.DAY);
        final long result = new WithExtraFields(newOrder, extraFields).onSession(sessionIndex).encode(buffer, 0);
        final byte[] bytes = new byte[Encoder.length(result)];
        buffer.getBytes(Encoder.offset(result), bytes);
        return new String(bytes, StandardCharsets.US_ASCII).replace('\u0001', '|');
    }

    private static ExtraFields extraFields(final String yaml)
    {
        return new VenueProfileReader().read("test", yaml)
            .extraFields(OrderMessageType.NEW_ORDER_SINGLE, 2, 0);
    }

    private static int bodyLength(final String message)
    {
        final int start = message.indexOf("|9=") + 3;
        return Integer.parseInt(message.substring(start, message.indexOf('|', start)));
    }

    private static void assertWellFormed(final String message)
    {
        final int bodyStart = message.indexOf('|', message.indexOf("|9=") + 1) + 1;
        final int trailerStart = message.lastIndexOf("10=");
        assertEquals(trailerStart - bodyStart, bodyLength(message), "BodyLength counts the body: " + message);
        int sum = 0;
        for (final byte b : message.substring(0, trailerStart).replace('|', '\u0001')
            .getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        assertEquals(String.format("%03d", sum % 256), message.substring(trailerStart + 3, trailerStart + 6),
            "CheckSum covers the whole message: " + message);
        assertTrue(message.endsWith("|"), message);
    }
}
