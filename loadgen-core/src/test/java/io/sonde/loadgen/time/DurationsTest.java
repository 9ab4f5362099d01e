package io.sonde.loadgen.time;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DurationsTest
{
    @Test
    void everyUnitAndABareNumberOfSeconds()
    {
        assertEquals(Duration.ofNanos(250), Durations.parse("250ns"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("250us"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("250µs"));
        assertEquals(Duration.ofNanos(1_500_000), Durations.parse("1.5ms"));
        assertEquals(Duration.ofSeconds(5), Durations.parse("5s"));
        assertEquals(Duration.ofSeconds(5), Durations.parse("5"), "a bare number is seconds");
        assertEquals(Duration.ofMinutes(15), Durations.parse(" 15 m "));
        assertEquals(Duration.ofHours(1), Durations.parse("1H"));
    }

    @Test
    void zeroIsADurationButNotAPositiveOne()
    {
        assertEquals(Duration.ZERO, Durations.parse("0s"));
        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> Durations.parsePositive("0ms"));
        assertEquals("'0ms' must be longer than zero", refused.getMessage());
    }

    @Test
    void textThatIsNotADurationIsNamedWithTheFormExpected()
    {
        for (final String text : new String[]{"soon", "-5s", "5 days", "", "1e3ms"})
        {
            final IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
            assertEquals("'" + text + "' is not a duration such as 250us, 20ms, 5s, 15m or 1h (a bare number is " +
                "seconds)", refused.getMessage());
        }
    }

    @Test
    void formattedInTheLargestWholeUnit()
    {
        assertEquals("20ms", Durations.format(20_000_000));
        assertEquals("90s", Durations.format(90_000_000_000L));
        assertEquals("2m", Durations.format(120_000_000_000L));
        assertEquals("1500ns", Durations.format(1_500));
        assertEquals("850us", Durations.readable(850_400));
        assertEquals("155.2ms", Durations.readable(155_240_000));
    }
}
