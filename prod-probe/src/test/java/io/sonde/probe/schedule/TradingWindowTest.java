package io.sonde.probe.schedule;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TradingWindowTest
{
    private final TradingWindow london = TradingWindow.parse("MON-FRI 08:00-16:30 Europe/London");

    @Test
    void itIsOpenOnTradingDaysBetweenTheHoursInTheVenuesZone()
    {
        // 2026-11-23 is a Monday; London is on UTC in November.
        assertTrue(london.isOpen(Instant.parse("2026-11-23T08:00:00Z")));
        assertTrue(london.isOpen(Instant.parse("2026-11-23T16:29:59Z")));
        assertFalse(london.isOpen(Instant.parse("2026-11-23T16:30:00Z")));
        assertFalse(london.isOpen(Instant.parse("2026-11-23T07:59:59Z")));
        assertFalse(london.isOpen(Instant.parse("2026-11-22T12:00:00Z")), "Sunday");
    }

    @Test
    void summerTimeMovesTheWindowInUtc()
    {
        assertFalse(london.isOpen(Instant.parse("2026-07-06T15:30:00Z")), "15:30 UTC is 16:30 BST");
        assertTrue(london.isOpen(Instant.parse("2026-07-06T07:00:00Z")), "07:00 UTC is 08:00 BST");
    }

    @Test
    void theNextOpeningIsLaterTodayTheNextTradingDayOrNow()
    {
        assertEquals(Instant.parse("2026-11-23T08:00:00Z"), london.nextOpening(Instant.parse("2026-11-23T06:00:00Z")));
        assertEquals(Instant.parse("2026-11-24T08:00:00Z"), london.nextOpening(Instant.parse("2026-11-23T17:00:00Z")));
        assertEquals(Instant.parse("2026-11-30T08:00:00Z"), london.nextOpening(Instant.parse("2026-11-27T16:45:00Z")),
            "Friday evening: Monday");
        final Instant open = Instant.parse("2026-11-23T09:00:00Z");
        assertEquals(open, london.nextOpening(open));
    }

    @Test
    void itDescribesItselfAsAConfigWouldWriteIt()
    {
        assertEquals("MON,TUE,WED,THU,FRI 08:00-16:30 Europe/London", london.describe());
    }

    @Test
    void aWindowThatCannotBeReadIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> TradingWindow.parse("weekdays 9-5"));
        assertThrows(IllegalArgumentException.class, () -> TradingWindow.parse("MON-FRI 16:00-08:00"));
        assertThrows(IllegalArgumentException.class, () -> TradingWindow.parse("MON-FRI 08:00-16:00 Mars/Olympus"));
    }
}
