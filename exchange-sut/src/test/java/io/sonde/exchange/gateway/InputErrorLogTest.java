package io.sonde.exchange.gateway;

import org.agrona.AsciiNumberFormatException;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.session.MalformedTagFormatException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client's unparseable input is one log line, not a stack trace; the gateway's own errors keep theirs.
 */
class InputErrorLogTest
{
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final ErrorHandler handler = new InputErrorLog(new PrintStream(printed, true, StandardCharsets.UTF_8))
        .make(new UnsafeBuffer(new byte[64 * 1024]));

    @Test
    void aMalformedTagIsOneLineNamingIt()
    {
        handler.onError(new MalformedTagFormatException(52, new IllegalArgumentException("bad time")));
        final String line = printed.toString(StandardCharsets.UTF_8);
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("[gateway] bad client input: MalformedTagFormatException"), line);
        assertFalse(line.contains("\tat "), line);
    }

    @Test
    void anUnparseableNumberWrappedByTheLibraryIsOneLine()
    {
        handler.onError(new IllegalStateException("decoding", new AsciiNumberFormatException("'x' is not a digit")));
        final String line = printed.toString(StandardCharsets.UTF_8);
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.contains("AsciiNumberFormatException: 'x' is not a digit"), line);
    }

    @Test
    void anyOtherErrorGoesToTheDistinctErrorLogNotToTheLine()
    {
        handler.onError(new IllegalStateException("the gateway's own fault"));
        assertEquals("", printed.toString(StandardCharsets.UTF_8));

    }
}
