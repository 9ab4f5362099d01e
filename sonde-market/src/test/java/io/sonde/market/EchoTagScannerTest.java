package io.sonde.market;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EchoTagScannerTest
{
    @Test
    void readsTheTagAnywhereInTheMessage()
    {
        final EchoTagScanner scanner = new EchoTagScanner(58);

        assertEquals(1_048_577, scan(scanner, "8=FIX.4.4|58=1048577|35=D|10=000|"));
        assertEquals(12, scan(scanner, "8=FIX.4.4|35=D|11=A|58=12|10=000|"));
        assertEquals(3, scan(scanner, "8=FIX.4.4|35=D|58=3"));
    }

    @Test
    void neverTakesATagThatOnlyContainsTheDigits()
    {
        final EchoTagScanner scanner = new EchoTagScanner(58);

        assertEquals(EchoTagScanner.ABSENT, scan(scanner, "8=FIX.4.4|158=1|5800=2|558=3|10=000|"));
        assertEquals(4, scan(scanner, "8=FIX.4.4|158=1|5800=2|58=4|10=000|"));
        assertEquals(9, scan(new EchoTagScanner(5001), "8=FIX.4.4|500=1|50011=2|5001=9|10=000|"));
    }

    @Test
    void tellsAnAbsentTagFromAValueThatIsNoNumber()
    {
        final EchoTagScanner scanner = new EchoTagScanner(58);

        assertEquals(EchoTagScanner.ABSENT, scan(scanner, "8=FIX.4.4|35=D|10=000|"));
        assertEquals(EchoTagScanner.MALFORMED, scan(scanner, "8=FIX.4.4|58=abc|10=000|"));
        assertEquals(3, scanner.valueLength());
        assertEquals(EchoTagScanner.MALFORMED, scan(scanner, "8=FIX.4.4|58=|10=000|"));
        assertEquals(EchoTagScanner.MALFORMED, scan(scanner, "8=FIX.4.4|58=12a|10=000|"));
    }

    @Test
    void takesEighteenDigitsAndNoMore()
    {
        final EchoTagScanner scanner = new EchoTagScanner(58);

        assertEquals(999_999_999_999_999_999L, scan(scanner, "8=FIX.4.4|58=999999999999999999|10=000|"));
        assertEquals(EchoTagScanner.MALFORMED, scan(scanner, "8=FIX.4.4|58=1000000000000000000|10=000|"));
    }

    private static long scan(final EchoTagScanner scanner, final String message)
    {
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes.length + 8]);
        buffer.putBytes(4, bytes);
        return scanner.scan(buffer, 4, bytes.length);
    }
}
