package io.sonde.fix.client.order;

import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ledger a run with faults keeps: an order acknowledged twice under two OrderIDs, or without PossDupFlag, or
 * filled beyond its quantity, was executed twice; the first acknowledgement resent as the session asked is not a
 * second order; orders sent before it recorded, or after it stopped, are not kept.
 */
class OrderLedgerTest
{
    private static final String HEADER = "49=EXCH|56=SONDE|34=7|52=20261126-07:00:00.000|";
    private static final long QUANTITY = 100;

    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
    private final OrderTable orders = new OrderTable(16, clOrdIds.length(), 8);
    private final OrderLedger ledger = new OrderLedger(orders, clOrdIds, 8);
    private final ExecutionReportDecoder decoder = new ExecutionReportDecoder();
    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();

    @Test
    void anOrderInFlightWhenItStartsRecordingAndOrdersSentSinceAreKeptUntilItStops()
    {
        send(1);
        orders.free(send(2));
        ledger.record();
        send(3);
        ledger.stop();
        send(4);

        assertEquals(2, ledger.size(), "order 2 had ended, order 4 was sent after it stopped");
        assertEquals(id(1), ledger.clOrdId(0), "in flight when recording began");
        assertEquals(id(3), ledger.clOrdId(1));
    }

    @Test
    void aSecondAcknowledgementUnderAnotherOrderIdIsADuplicate()
    {
        ledger.record();
        send(1);
        send(2);

        report(1, "37=V1|150=0|39=0|14=0|");
        report(1, "37=V2|150=0|39=0|14=0|");
        report(2, "37=V3|150=0|39=0|14=0|");

        assertTrue(ledger.isDuplicated(0));
        assertFalse(ledger.isDuplicated(1));
        assertEquals(1, ledger.duplicated());
    }

    @Test
    void theFirstAcknowledgementResentWithPossDupFlagIsNotASecondOrderButWithoutItIs()
    {
        ledger.record();
        send(1);
        send(2);

        report(1, "37=V1|150=0|39=0|14=0|");
        reportResent(1, "37=V1|150=0|39=0|14=0|");
        report(2, "37=V2|150=0|39=0|14=0|");
        report(2, "37=V2|150=0|39=0|14=0|");

        assertFalse(ledger.isDuplicated(0));
        assertTrue(ledger.isDuplicated(1));
    }

    @Test
    void fillsBeyondTheOrdersQuantityAreADuplicate()
    {
        ledger.record();
        send(1);
        send(2);

        report(1, "37=V1|150=F|39=2|14=" + QUANTITY + "|32=" + QUANTITY + "|31=10|");
        report(2, "37=V2|150=F|39=1|14=" + QUANTITY + "|32=" + QUANTITY + "|31=10|");
        report(2, "37=V2|150=F|39=2|14=" + 2 * QUANTITY + "|32=" + QUANTITY + "|31=10|");

        assertFalse(ledger.isDuplicated(0));
        assertTrue(ledger.isDuplicated(1));
    }

    @Test
    void theFirstAnswerIsWhenTheOrderStoppedBeingInFlight()
    {
        ledger.record();
        send(1);

        report(1, "37=V1|150=0|39=0|14=0|", 5_000);
        report(1, "37=V1|150=F|39=2|14=" + QUANTITY + "|32=" + QUANTITY + "|31=10|", 6_000);

        assertEquals(5_000, ledger.answeredNanos(0));
        assertEquals(1_001, ledger.sentNanos(0));
    }

    @Test
    void aFullLedgerCountsTheOrdersItCannotKeep()
    {
        ledger.record();
        for (long number = 1; number <= 10; number++)
        {
            send(number);
        }

        assertEquals(8, ledger.size());
        assertEquals(2, ledger.untracked());
    }

    /**
     * @return the order's slot.
     */
    private int send(final long number)
    {
        final int slot = orders.reuse(number);
        orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], number, ClOrdIdCodec.NEW_STAGE, number);
        orders.symbol(slot, "SONDE.A".toCharArray(), 7);
        orders.side[slot] = '1';
        orders.quantity[slot] = QUANTITY;
        orders.sent(slot, 0, OrderTable.NEW_SENT, number, 1_000 + number);
        if (ledger.isRecording())
        {
            ledger.onSent(slot);
        }
        return slot;
    }

    private String id(final long number)
    {
        final char[] id = new char[clOrdIds.length()];
        return new String(id, 0, clOrdIds.encode(id, number, ClOrdIdCodec.NEW_STAGE, number));
    }

    private void report(final long number, final String fields)
    {
        report(number, fields, 0);
    }

    private void report(final long number, final String fields, final long nowNanos)
    {
        decode(HEADER + "11=" + id(number) + "|17=E|55=SONDE.A|54=1|151=0|6=0|" + fields);
        ledger.onReport(decoder, nowNanos);
    }

    private void reportResent(final long number, final String fields)
    {
        decode(HEADER + "43=Y|122=20261126-06:59:59.000|11=" + id(number) + "|17=E|55=SONDE.A|54=1|151=0|6=0|" +
            fields);
        ledger.onReport(decoder, 0);
    }

    private void decode(final String body)
    {
        final String withSoh = ("35=8|" + body).replace('|', '\u0001');
        final byte[] bytes = ("8=FIX.4.4\u00019=" + withSoh.length() + "\u0001" + withSoh + "10=000\u0001")
            .getBytes(StandardCharsets.US_ASCII);
        ascii.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        decoder.reset();
        decoder.decode(ascii, 0, bytes.length);
    }
}
