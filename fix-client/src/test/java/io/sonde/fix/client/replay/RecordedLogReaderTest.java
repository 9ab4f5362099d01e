package io.sonde.fix.client.replay;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.RecordedFlow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordedLogReaderTest
{
    private static final long MILLIS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void soHSeparatedMessagesAfterQuickFixTimestampsAreTimedByTheTimestamp() throws IOException
    {
        final RecordedFlow flow = read(
            "20261123-12:00:00.123: " + soh("8=FIX.4.4|9=99|35=D|49=TRADER1|56=EXCH|52=20261123-11:59:59.000|" +
                "11=A1|55=VOD.L|54=1|38=100|40=2|44=101.25|59=0|10=000|"),
            "20261123-12:00:00.128: " + soh("8=FIX.4.4|9=99|35=D|49=TRADER1|56=EXCH|52=20261123-11:00:00.000|" +
                "11=A2|55=BARC.L|54=2|38=7|44=99.5|59=3|10=000|"));

        assertArrayEquals(new long[]{0, 5 * MILLIS}, flow.offsetsNanos());
        assertEquals("VOD.L", new String(flow.symbols()[0]));
        assertEquals('1', flow.sides()[0]);
        assertEquals(100, flow.quantities()[0]);
        assertEquals(10_125, flow.pricesCents()[0]);
        assertEquals(false, flow.ioc()[0]);
        assertEquals("BARC.L", new String(flow.symbols()[1]));
        assertEquals(9_950, flow.pricesCents()[1]);
        assertEquals(true, flow.ioc()[1]);
    }

    @Test
    void pipeSeparatedMessagesAfterLoggingFrameworkTimestampsKeepTheirMicroseconds() throws IOException
    {
        final RecordedFlow flow = read(
            "2026-11-23 12:00:00,100 8=FIX.4.2|35=D|49=T1|11=A1|55=X|54=1|38=1|44=1|",
            "2026-11-23 12:00:00,100250 8=FIX.4.2|35=D|49=T1|11=A2|55=X|54=1|38=1|44=1|",
            "2026-11-23 12:00:01.5 8=FIX.4.2|35=D|49=T1|11=A3|55=X|54=1|38=1|44=1");

        assertArrayEquals(new long[]{0, 250_000, 1_400 * MILLIS}, flow.offsetsNanos());
    }

    @Test
    void messagesWithoutATimestampAreTimedBySendingTime() throws IOException
    {
        final RecordedFlow flow = read(
            soh("8=FIX.4.4|35=D|49=T1|52=20261123-12:00:00.000|11=A1|55=X|54=1|38=1|44=1|"),
            soh("8=FIX.4.4|35=D|49=T1|52=20261123-12:00:00.007123|11=A2|55=X|54=1|38=1|44=1|"),
            "8=FIX.4.4|35=D|49=T1|52=20261123-12:00:01|11=A3|55=X|54=1|38=1|44=1|");

        assertArrayEquals(new long[]{0, 7_123_000, 1_000 * MILLIS}, flow.offsetsNanos());
    }

    @Test
    void cancelsAndReplacesReferToTheMessageTheirOrigClOrdIdNamesAndInheritWhatTheyLeaveOut() throws IOException
    {
        final RecordedFlow flow = read(
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=2|38=10|44=5|",
            "20261123-12:00:00.001: 8=FIX.4.4|35=G|49=T1|11=A2|41=A1|38=12|44=6|",
            "20261123-12:00:00.002: 8=FIX.4.4|35=F|49=T1|11=A3|41=A2|",
            "20261123-12:00:00.003: 8=FIX.4.4|35=F|49=T1|11=A4|41=NEVER|55=X|54=2|");

        assertArrayEquals(new byte[]{ClOrdIdCodec.NEW_STAGE, ClOrdIdCodec.REPLACE_STAGE, ClOrdIdCodec.CANCEL_STAGE},
            flow.stages());
        assertArrayEquals(new int[]{-1, 0, 1}, flow.refersTo());
        assertEquals("X", new String(flow.symbols()[2]));
        assertEquals('2', flow.sides()[2]);
        assertEquals(12, flow.quantities()[2], "the cancel's quantity is the replaced order's");
        assertEquals(Map.of(RecordedLogReader.UNKNOWN_ORIG_CLORDID, 1L), flow.skipped());
        assertTrue(flow.notes().get(0).contains("line 4") && flow.notes().get(0).contains("NEVER"),
            flow.notes().toString());
    }

    @Test
    void everyLineThatIsNotAnOrderCancelOrReplaceIsCountedByKind() throws IOException
    {
        final RecordedFlow flow = read(
            "20261123-12:00:00.000: 8=FIX.4.4|35=A|49=T1|56=EXCH|98=0|108=30|",
            "20261123-12:00:00.001: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1|44=1|",
            "20261123-12:00:00.002: 8=FIX.4.4|35=8|49=EXCH|56=T1|11=A1|150=0|39=0|",
            "",
            "20261123-12:00:00.003: 8=FIX.4.4|35=8|49=EXCH|56=T1|11=A1|150=F|39=2|",
            "20261123-12:00:00.004: 8=FIX.4.4|35=0|49=T1|",
            "20261123-12:00:00.005: 8=FIX.4.4|35=D|49=T1|43=Y|11=A1|55=X|54=1|38=1|44=1|",
            "20261123-12:00:00.006: 8=FIX.4.4|35=D|49=T2|11=A1|55=X|54=1|38=1|44=1|",
            "20261123-12:00:00.007: 8=FIX.4.4|35=ZZ|49=T1|");

        assertEquals(1, flow.size());
        assertEquals(9, flow.linesRead());
        assertEquals(Map.of("Logon (A)", 1L, "ExecutionReport (8)", 2L, RecordedLogReader.BLANK_LINE, 1L,
            "Heartbeat (0)", 1L, "MsgType ZZ", 1L), flow.notReplayed());
        assertEquals(Map.of(RecordedLogReader.POSS_DUP_RESEND, 1L, RecordedLogReader.DUPLICATE_CLORDID, 1L),
            flow.skipped());
    }

    @Test
    void sendersAreNumberedInTheOrderFirstSeenAndMessagesKeepTimeOrder() throws IOException
    {
        final RecordedFlow flow = read(
            "20261123-12:00:00.002: 8=FIX.4.4|35=D|49=B|11=B1|55=X|54=1|38=1|44=1|",
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=A|11=A1|55=X|54=1|38=1|44=1|",
            "20261123-12:00:00.002: 8=FIX.4.4|35=D|49=A|11=A2|55=X|54=1|38=1|44=1|",
            "20261123-12:00:00.001: 8=FIX.4.4|35=D|49=C|11=C1|55=X|54=1|38=1|44=1|");

        assertEquals(List.of("A", "C", "B"), flow.senderCompIds());
        assertArrayEquals(new int[]{0, 1, 2, 0}, flow.senders());
        assertArrayEquals(new long[]{0, MILLIS, 2 * MILLIS, 2 * MILLIS}, flow.offsetsNanos());
    }

    @Test
    void aMalformedLineIsNamedWithItsNumberAndWhatIsWrong()
    {
        final String good = "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1|44=1|";
        assertError("line 2: not a FIX message", good, "hello world");
        assertError("line 2: field 'oops' is not tag=value", good, "8=FIX.4.4|35=D|oops|");
        assertError("line 1: no MsgType (35)", "8=FIX.4.4|49=T1|");
        assertError("line 1: NewOrderSingle (D) has no timestamp before 8= and no SendingTime (52)",
            "8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1|44=1|");
        assertError("line 1: 'yesterday:' is not a timestamp", "yesterday: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|");
        assertError("line 1: '20261323-12:00:00' is not a valid time",
            "8=FIX.4.4|35=D|49=T1|52=20261323-12:00:00|11=A1|55=X|54=1|38=1|44=1|");
        assertError("line 2: NewOrderSingle (D) has no Symbol (55)", good,
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A2|54=1|38=1|44=1|");
        assertError("line 1: NewOrderSingle (D) OrdType (40) 1 cannot be replayed",
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1|40=1|");
        assertError("line 1: NewOrderSingle (D) TimeInForce (59) 1 cannot be replayed",
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1|44=1|59=1|");
        assertError("line 1: NewOrderSingle (D) Price (44) '1.005' is not a price in hundredths",
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1|44=1.005|");
        assertError("line 1: NewOrderSingle (D) OrderQty (38) '1.5' is not a whole quantity",
            "20261123-12:00:00.000: 8=FIX.4.4|35=D|49=T1|11=A1|55=X|54=1|38=1.5|44=1|");
        assertError("line 2: OrderCancelRequest (F) has no OrigClOrdID (41)", good,
            "20261123-12:00:00.000: 8=FIX.4.4|35=F|49=T1|11=A2|");
    }

    private void assertError(final String expected, final String... lines)
    {
        final RecordedLogException error = assertThrows(RecordedLogException.class, () -> read(lines));
        assertTrue(error.getMessage().startsWith("orders.log " + expected), error.getMessage());
    }

    private RecordedFlow read(final String... lines) throws IOException
    {
        return RecordedLogReader.read(Files.write(dir.resolve("orders.log"), List.of(lines)));
    }

    private static String soh(final String message)
    {
        return message.replace('|', '\u0001');
    }
}
