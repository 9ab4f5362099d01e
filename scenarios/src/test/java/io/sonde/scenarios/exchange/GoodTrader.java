package io.sonde.scenarios.exchange;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A well-behaved session that trades beside the fuzzer: every {@code intervalMs} it sends a day order that
 * crosses the one before (buy, then sell, at one price), so its orders fill each other and leave no open
 * order. Each order must be acknowledged; the time from send to its first report is recorded per phase
 * (send time, not intended time: a ratio between phases on one host is all it is used for).
 * Runs on a thread of its own; {@link #phase} may be changed from another thread.
 */
final class GoodTrader implements Runnable, AutoCloseable
{
    private static final String SOH = "\u0001";
    private static final long ANSWER_TIMEOUT_MS = 10_000;

    private final RawFixConnection connection;
    private final long intervalMs;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Map<String, Long> awaiting = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final Histogram calm = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
    private final Histogram fuzzed = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
    private final Thread thread;
    private volatile boolean fuzzing;
    private long sent;
    private long acknowledged;

    GoodTrader(final int port, final long intervalMs) throws Exception
    {
        connection = new RawFixConnection(port, "GOOD");
        connection.logOn();
        this.intervalMs = intervalMs;
        thread = new Thread(this, "good-trader");
    }

    GoodTrader start()
    {
        thread.start();
        return this;
    }

    void phase(final boolean fuzzing)
    {
        this.fuzzing = fuzzing;
    }

    public void run()
    {
        try
        {
            long next = System.currentTimeMillis();
            while (running.get())
            {
                sendOrder();
                next += intervalMs;
                while (System.currentTimeMillis() < next)
                {
                    readAnswers((int)Math.max(1, next - System.currentTimeMillis()));
                }
                checkOverdue();
            }
            final long drainUntil = System.currentTimeMillis() + ANSWER_TIMEOUT_MS;
            while (!awaiting.isEmpty() && System.currentTimeMillis() < drainUntil)
            {
                readAnswers(100);
            }
            awaiting.keySet().forEach(id -> problems.add("good order " + id + " never answered"));
        }
        catch (final Exception ex)
        {
            problems.add("good session failed: " + ex);
        }
    }

    private void sendOrder() throws Exception
    {
        final String id = "good-" + sent;
        final String side = sent % 2 == 0 ? "1" : "2";
        awaiting.put(id, System.nanoTime());
        connection.send("D", "11=" + id + "|55=SONDE.C|54=" + side + "|59=0|" + HostileInputs.TIME +
            "38=1|40=2|44=100|");
        sent++;
    }

    private void readAnswers(final int timeoutMs) throws Exception
    {
        for (final String message : connection.readFor(timeoutMs, 1))
        {
            if (!message.contains(SOH + "35=8" + SOH))
            {
                continue;
            }
            final String id = FixFields.of(message).get("11");
            final Long sentAt = awaiting.remove(id);
            if (sentAt == null)
            {
                continue;
            }
            if (message.contains(SOH + "39=8" + SOH))
            {
                problems.add("good order " + id + " rejected: " + message);
            }
            acknowledged++;
            final long latency = System.nanoTime() - sentAt;
            (fuzzing ? fuzzed : calm).recordValue(Math.min(latency, calm.getHighestTrackableValue()));
        }
    }

    private void checkOverdue()
    {
        final long overdue = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(ANSWER_TIMEOUT_MS);
        awaiting.entrySet().removeIf(entry ->
        {
            if (entry.getValue() - overdue < 0)
            {
                problems.add("good order " + entry.getKey() + " not answered within " + ANSWER_TIMEOUT_MS + " ms");
                return true;
            }
            return false;
        });
    }

    /**
     * Stop sending, wait for the answers still due, and log out.
     */
    public void close() throws Exception
    {
        running.set(false);
        thread.join(TimeUnit.SECONDS.toMillis(30));
        connection.close();
    }

    long sent()
    {
        return sent;
    }

    long acknowledged()
    {
        return acknowledged;
    }

    List<String> problems()
    {
        return problems;
    }

    Histogram calm()
    {
        return calm;
    }

    Histogram fuzzed()
    {
        return fuzzed;
    }
}
