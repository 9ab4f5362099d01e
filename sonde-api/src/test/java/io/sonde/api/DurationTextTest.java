package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DurationTextTest
{
    @Test
    void everyUnitAndABareNumberOfSeconds()
    {
        assertEquals(Duration.ofNanos(250), DurationText.parse("250ns"));
        assertEquals(Duration.ofNanos(250_000), DurationText.parse("250us"));
        assertEquals(Duration.ofNanos(250_000), DurationText.parse("250µs"));
        assertEquals(Duration.ofNanos(1_500_000), DurationText.parse("1.5ms"));
        assertEquals(Duration.ofSeconds(5), DurationText.parse("5s"));
        assertEquals(Duration.ofSeconds(5), DurationText.parse("5"), "a bare number is seconds");
        assertEquals(Duration.ofMinutes(15), DurationText.parse(" 15 m "));
        assertEquals(Duration.ofHours(1), DurationText.parse("1H"));
    }

    @Test
    void zeroIsADurationButNotAPositiveOne()
    {
        assertEquals(Duration.ZERO, DurationText.parse("0s"));
        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> DurationText.parsePositive("0ms"));
        assertEquals("'0ms' must be longer than zero", refused.getMessage());
    }

    @Test
    void textThatIsNotADurationIsNamedWithTheFormExpected()
    {
        for (final String text : new String[]{"soon", "-5s", "5 days", "", "1e3ms"})
        {
            final IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> DurationText.parse(text));
            assertEquals("'" + text + "' is not a duration such as 250us, 20ms, 5s, 15m or 1h (a bare number is " +
                "seconds)", refused.getMessage());
        }
    }

    @Test
    void formattedInTheLargestWholeUnit()
    {
        assertEquals("20ms", DurationText.format(Duration.ofMillis(20)));
        assertEquals("90s", DurationText.format(Duration.ofSeconds(90)));
        assertEquals("2m", DurationText.format(Duration.ofMinutes(2)));
        assertEquals("1500ns", DurationText.format(Duration.ofNanos(1_500)));
        assertEquals("0s", DurationText.format(Duration.ZERO));
    }
}
