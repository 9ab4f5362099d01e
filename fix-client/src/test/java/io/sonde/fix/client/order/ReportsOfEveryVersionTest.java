package io.sonde.fix.client.order;

import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sonde reads every version's ExecutionReports with its FIX 4.4 decoders: they take the BeginString as it comes,
 * and skip what FIX 4.4 does not define (FIX 4.2's ExecTransType, FIXT's ApplVerID). A FIX 4.2 venue reports
 * trades as ExecType 1 and 2, which count as trades as F does.
 * <p>
 * An ApplVerID (1128) in a FIXT header ends the FIX 4.4 header decoder there, so the header fields after it are
 * not read by it: Sonde reads none (Artio's session layer has checked them with the FIXT header), and the body
 * is read whole.
 */
class ReportsOfEveryVersionTest
{
    private static final String HEADER = "49=EXCH|56=SONDE|34=7|52=20261123-12:00:00.000|";

    private final ExecutionReportDecoder report = new ExecutionReportDecoder();

    @Test
    void aFix42FillIsReadWithItsExecTransTypeSkipped()
    {
        decode("FIX.4.2", "35=8|" + HEADER +
            "37=O1|11=A|17=E1|20=0|150=2|39=2|55=SONDE.A|54=1|38=10|32=10|31=101.5|151=0|14=10|6=101.5|");

        assertTrue(report.validate(), report.toString());
        assertEquals("FIX.4.2", report.header().beginStringAsString());
        assertEquals("A", report.clOrdIDAsString());
        assertEquals('2', report.execType());
        assertEquals('2', report.ordStatus());
        assertEquals(10, report.lastQty().value());
        assertTrue(OrdStatuses.isTrade(report.execType()));
    }

    @Test
    void aFix50Sp2ReportOverFixtIsReadWhole()
    {
        decode("FIXT.1.1", "35=8|" + HEADER +
            "37=O1|11=B|17=E1|150=F|39=1|55=SONDE.A|54=2|38=10|32=4|31=99|151=6|14=4|6=99|");

        assertTrue(report.validate(), report.toString());
        assertEquals("FIXT.1.1", report.header().beginStringAsString());
        assertEquals("B", report.clOrdIDAsString());
        assertEquals('F', report.execType());
        assertTrue(OrdStatuses.isTrade(report.execType()));
    }

    @Test
    void aFix50Sp2ReportNamingItsApplVerIdHasItsBodyReadWhole()
    {
        decode("FIXT.1.1", "35=8|1128=9|" + HEADER +
            "37=O1|11=B|17=E1|150=F|39=1|55=SONDE.A|54=2|38=10|32=4|31=99|151=6|14=4|6=99|");

        assertEquals("FIXT.1.1", report.header().beginStringAsString());
        assertEquals("B", report.clOrdIDAsString());
        assertEquals('F', report.execType());
        assertEquals('1', report.ordStatus());
        assertEquals(6, report.leavesQty().value());
        assertTrue(OrdStatuses.isTrade(report.execType()));
    }

    @Test
    void aTradeIsExecTypeFOrFix42sPartialFillAndFillAndNothingElse()
    {
        for (final char trade : new char[]{'F', '1', '2'})
        {
            assertTrue(OrdStatuses.isTrade(trade), String.valueOf(trade));
        }
        for (final char other : new char[]{'0', '4', '5', '8', 'C', 'I'})
        {
            assertFalse(OrdStatuses.isTrade(other), String.valueOf(other));
        }
    }

    private void decode(final String beginString, final String body)
    {
        final String withSoh = body.replace('|', '\u0001');
        final byte[] bytes = ("8=" + beginString + "\u00019=" + withSoh.length() + "\u0001" + withSoh + "10=000\u0001")
            .getBytes(StandardCharsets.US_ASCII);
        report.reset();
        report.decode(new MutableAsciiBuffer(bytes), 0, bytes.length);
    }
}
