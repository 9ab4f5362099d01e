package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.loadgen.transport.Transport;

import java.util.function.LongConsumer;

/**
 * Drives a {@link LoadAgent} on the test thread with a {@link ManualClock} ticking a fixed step per
 * duty cycle, so runs are exact and independent of this machine's speed.
 */
final class AgentHarness
{
    final ManualClock clock;
    final RequestSeries warmup = new RequestSeries("warmup-");
    final RequestSeries measured = new RequestSeries("");
    final RunCounters counters = new RunCounters();
    final LoadAgent agent;

    AgentHarness(
        final ManualClock clock,
        final Schedule schedule,
        final Transport transport,
        final RunTiming timing,
        final int maxSendsPerCycle)
    {
        this(clock, schedule, transport, timing, maxSendsPerCycle, null, start -> { });
    }

    /**
     * @param gate              lets the warm-up go on until it opens, or null.
     * @param measureStartMoved told of each later start of the measurement.
     */
    AgentHarness(
        final ManualClock clock,
        final Schedule schedule,
        final Transport transport,
        final RunTiming timing,
        final int maxSendsPerCycle,
        final WarmupGate gate,
        final LongConsumer measureStartMoved)
    {
        this.clock = clock;
        this.agent = new LoadAgent(clock, schedule, transport, timing, 1 << 16, maxSendsPerCycle,
            warmup, measured, counters);
        if (gate != null)
        {
            agent.warmUntil(gate, measureStartMoved);
        }
        agent.begin(clock.nanoTime());
    }

    /**
     * Run duty cycles until the agent finishes, advancing the clock by {@code tickNanos} after each.
     */
    void runToEnd(final long tickNanos)
    {
        while (!agent.isFinished())
        {
            agent.doWork();
            clock.advance(tickNanos);
        }
    }

    /**
     * Run exactly {@code cycles} duty cycles.
     */
    void run(final long cycles, final long tickNanos)
    {
        for (long i = 0; i < cycles && !agent.isFinished(); i++)
        {
            agent.doWork();
            clock.advance(tickNanos);
        }
    }
}
