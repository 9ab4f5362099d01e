package io.sonde.probe.safety;

import org.agrona.concurrent.CachedEpochClock;
import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SendGuardTest
{
    private static final long DAY_MS = TimeUnit.DAYS.toMillis(1);

    private final CachedNanoClock nanos = new CachedNanoClock();
    private final CachedEpochClock millis = new CachedEpochClock();

    @Test
    void noMoreThanTheRateCapGoesOutInAnyOneSecond()
    {
        final SendGuard guard = new SendGuard(new SafetyCaps(3, 100, 1_000), null, nanos, millis);

        assertEquals(SendVerdict.ALLOWED, guard.trySend());
        advanceMillis(100);
        assertEquals(SendVerdict.ALLOWED, guard.trySend());
        assertEquals(SendVerdict.ALLOWED, guard.trySend());
        assertEquals(SendVerdict.RATE_CAP, guard.trySend(), "a fourth within the same second");
        advanceMillis(899);
        assertEquals(SendVerdict.RATE_CAP, guard.trySend(), "still 999 ms after the first");
        advanceMillis(1);
        assertEquals(SendVerdict.ALLOWED, guard.trySend(), "the first has left the window");
    }

    @Test
    void openOrdersAreCappedUntilSomeClose()
    {
        final SendGuard guard = new SendGuard(new SafetyCaps(100, 2, 1_000), null, nanos, millis);

        assertEquals(SendVerdict.ALLOWED, guard.trySend());
        assertEquals(SendVerdict.ALLOWED, guard.trySend());
        assertEquals(SendVerdict.OPEN_ORDERS_CAP, guard.trySend());

        guard.onOrderClosed();
        assertEquals(SendVerdict.ALLOWED, guard.trySend());
        assertEquals(2, guard.openOrders());
    }

    @Test
    void theDailyCapHoldsUntilTheNextUtcDay()
    {
        millis.update(20_000 * DAY_MS + 1_000);
        final SendGuard guard = new SendGuard(new SafetyCaps(100, 100, 2), null, nanos, millis);

        assertEquals(SendVerdict.ALLOWED, send(guard));
        assertEquals(SendVerdict.ALLOWED, send(guard));
        assertEquals(SendVerdict.DAILY_CAP, send(guard));

        millis.update(20_001 * DAY_MS);
        assertEquals(SendVerdict.ALLOWED, send(guard), "a new day");
        assertEquals(1, guard.sentToday());
    }

    @Test
    void aKillSwitchFileStopsEverySendWhileItExists(@TempDir final Path dir) throws Exception
    {
        final Path killSwitch = dir.resolve("STOP");
        final SendGuard guard = new SendGuard(new SafetyCaps(1_000, 1_000, 1_000), killSwitch, nanos, millis);
        assertEquals(SendVerdict.ALLOWED, send(guard));

        Files.createFile(killSwitch);
        advanceMillis(SendGuard.KILL_SWITCH_CHECK_MS);
        assertEquals(SendVerdict.KILL_SWITCH, send(guard));
        assertEquals(SendVerdict.KILL_SWITCH, send(guard));

        Files.delete(killSwitch);
        advanceMillis(SendGuard.KILL_SWITCH_CHECK_MS);
        assertEquals(SendVerdict.ALLOWED, send(guard));
    }

    private SendVerdict send(final SendGuard guard)
    {
        final SendVerdict verdict = guard.trySend();
        guard.onOrderClosed();
        advanceMillis(1);
        return verdict;
    }

    private void advanceMillis(final long ms)
    {
        millis.advance(ms);
        nanos.update(nanos.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms));
    }
}
