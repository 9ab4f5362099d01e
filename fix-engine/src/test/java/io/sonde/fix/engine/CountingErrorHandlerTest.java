package io.sonde.fix.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CountingErrorHandlerTest
{
    @Test
    void everyErrorIsCountedAndPrintedWithItsRoleAndNumber()
    {
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        final CountingErrorHandler errors =
            new CountingErrorHandler("media-runner", new PrintStream(log, true, StandardCharsets.UTF_8));

        errors.onError(new IllegalStateException("first"));
        errors.onError(new IllegalStateException("first"));
        errors.onError(new IllegalArgumentException("second"));

        assertEquals(3, errors.errorCount(), "repeats count too");
        final String printed = log.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("[media-runner] error 1: java.lang.IllegalStateException: first"), printed);
        assertTrue(printed.contains("[media-runner] error 3: java.lang.IllegalArgumentException: second"), printed);
        assertTrue(printed.contains("at io.sonde.fix.engine.CountingErrorHandlerTest"), "with its stack trace");
    }
}
