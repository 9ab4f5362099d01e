package io.sonde.market;

import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.loadgen.transport.Transport;

import java.util.function.Supplier;

/**
 * One run, or one step of a sweep, of the market: what a {@code LoadRun} needs to measure tick-to-trade. The
 * load agent runs {@link #schedule()} (the triggers' intended times) against {@link #transport()} (which
 * publishes the events around each trigger and reports each reaction as the trigger's answer), so its corrected,
 * uncorrected and lateness series are tick-to-trade's.
 */
public final class MarketStep
{
    private final Schedule schedule;
    private final Transport transport;
    private final HopSeries feedLateness;
    private final Supplier<MarketCounts> counts;

    MarketStep(
        final Schedule schedule, final Transport transport, final HopSeries feedLateness,
        final Supplier<MarketCounts> counts)
    {
        this.schedule = schedule;
        this.transport = transport;
        this.feedLateness = feedLateness;
        this.counts = counts;
    }

    /**
     * @return the trigger schedule: every Nth intended time of the event schedule; its {@code toString} names
     * both, e.g. {@code 1 in 10 of poisson 10000/s}.
     */
    public Schedule schedule()
    {
        return schedule;
    }

    /**
     * @return the market as the load agent's transport; use it for one run only.
     */
    public Transport transport()
    {
        return transport;
    }

    /**
     * @return every event's publish lateness (send minus intended), tag {@code feed-hop.lateness}: the feed's
     * health, for the run's hops.
     */
    public HopSeries feedLateness()
    {
        return feedLateness;
    }

    /**
     * @return what the market counted; read it after the run is over.
     */
    public MarketCounts counts()
    {
        return counts.get();
    }
}
