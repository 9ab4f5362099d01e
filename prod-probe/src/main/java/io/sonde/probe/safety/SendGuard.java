package io.sonde.probe.safety;

import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Checked before every probe order: a kill-switch file, orders per second, open orders and orders per
 * day. The caps are enforced here, in code, whatever the schedule or configuration asks for. The kill switch
 * is looked for at most every {@value #KILL_SWITCH_CHECK_MS} ms, so the send path never waits on the disk.
 */
public final class SendGuard
{
    static final long KILL_SWITCH_CHECK_MS = 100;
    private static final long ONE_SECOND_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long MILLIS_PER_DAY = TimeUnit.DAYS.toMillis(1);

    private final SafetyCaps caps;
    private final Path killSwitch;
    private final NanoClock nanoClock;
    private final EpochClock epochClock;
    private final long[] recentSends;
    private int recentHead;
    private int openOrders;
    private long today = -1;
    private long sentToday;
    private long nextKillSwitchCheckMs;
    private boolean killed;

    /**
     * @param killSwitch a file whose presence stops all sending, or null for none.
     */
    public SendGuard(final SafetyCaps caps, final Path killSwitch, final NanoClock nanoClock,
        final EpochClock epochClock)
    {
        this.caps = caps;
        this.killSwitch = killSwitch;
        this.nanoClock = nanoClock;
        this.epochClock = epochClock;
        this.recentSends = new long[caps.maxOrdersPerSecond()];
        Arrays.fill(recentSends, Long.MIN_VALUE);
    }

    /**
     * Ask to send one order now; when allowed, the send is counted against every cap.
     */
    public SendVerdict trySend()
    {
        return check(nanoClock.nanoTime(), epochClock.time());
    }

    /**
     * An order the probe placed is now closed (filled, cancelled, rejected or expired).
     */
    public void onOrderClosed()
    {
        if (openOrders > 0)
        {
            openOrders--;
        }
    }

    /**
     * An order the probe did not place in this run (a crashed predecessor's) was found open at the venue:
     * it counts against the open-orders cap until it is closed.
     */
    public void onOrderFound()
    {
        openOrders++;
    }

    public int openOrders()
    {
        return openOrders;
    }

    public long sentToday()
    {
        return sentToday;
    }

    private SendVerdict check(final long nowNs, final long nowMs)
    {
        if (isKilled(nowMs))
        {
            return SendVerdict.KILL_SWITCH;
        }
        final long oldest = recentSends[recentHead];
        if (oldest != Long.MIN_VALUE && nowNs - oldest < ONE_SECOND_NS)
        {
            return SendVerdict.RATE_CAP;
        }
        if (openOrders >= caps.maxOpenOrders())
        {
            return SendVerdict.OPEN_ORDERS_CAP;
        }
        final long day = Math.floorDiv(nowMs, MILLIS_PER_DAY);
        if (day != today)
        {
            today = day;
            sentToday = 0;
        }
        if (sentToday >= caps.maxOrdersPerDay())
        {
            return SendVerdict.DAILY_CAP;
        }
        recentSends[recentHead] = nowNs;
        recentHead = (recentHead + 1) % recentSends.length;
        openOrders++;
        sentToday++;
        return SendVerdict.ALLOWED;
    }

    private boolean isKilled(final long nowMs)
    {
        if (killSwitch == null)
        {
            return false;
        }
        if (nowMs >= nextKillSwitchCheckMs)
        {
            nextKillSwitchCheckMs = nowMs + KILL_SWITCH_CHECK_MS;
            killed = Files.exists(killSwitch);
        }
        return killed;
    }
}
