package io.sonde.fix.client.session;

import java.util.concurrent.TimeUnit;

/**
 * Caps messages per second on one session, the way venues count them: at most {@code limit} in any
 * one-second window starting at the first message of the window.
 */
final class MessageThrottle
{
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final int limit;
    private long windowStartNanos;
    private int sentInWindow;

    /**
     * @param limit messages per second; 0 for no cap.
     */
    MessageThrottle(final int limit)
    {
        this.limit = limit;
    }

    boolean hasRoom(final long nowNanos)
    {
        if (limit == 0)
        {
            return true;
        }
        if (nowNanos - windowStartNanos >= WINDOW_NANOS)
        {
            windowStartNanos = nowNanos;
            sentInWindow = 0;
        }
        return sentInWindow < limit;
    }

    void onSent()
    {
        sentInWindow++;
    }
}
