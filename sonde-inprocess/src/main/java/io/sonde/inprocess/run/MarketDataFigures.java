package io.sonde.inprocess.run;

import io.sonde.api.MarketData;
import io.sonde.api.Percentiles;
import io.sonde.fix.client.marketdata.MarketDataWatch;
import io.sonde.fix.client.marketdata.OrderToTick;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.loadgen.result.HistogramPercentiles;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code marketData} of a run's summary ({@link MarketData}) from what its market data watch saw: how soon each
 * order showed on the venue's public market data, and how the feed went.
 */
public final class MarketDataFigures
{
    private static final String CORRECTED = ".corrected";
    private static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    private MarketDataFigures()
    {
    }

    /**
     * @param totals the run's totals, which hold the matcher's series and the feed's hops.
     */
    public static MarketData of(final String source, final MarketDataWatch watch, final SeriesTotals totals)
    {
        final OrderToTick matcher = watch.matcher();
        final Map<String, Percentiles> hops = new LinkedHashMap<>();
        watch.hops().forEach(hop ->
            hops.put(hop.name(), HistogramPercentiles.of(totals.get(HopSeries.FEED_TAG_PREFIX + hop.name()))));
        final String unavailable = watch.unavailable();
        if (unavailable != null)
        {
            return new MarketData(source, Optional.of(unavailable), NONE, NONE, NONE, NONE, 0, 0, hops, watch.packets(),
                watch.messages(), watch.messagesPerSecond(), watch.gaps(), watch.recovered(), watch.unrecovered(),
                watch.duplicates(), watch.garbled(), watch.otherChannel(), 0, 0, List.of(), 0);
        }
        return new MarketData(source, Optional.empty(),
            HistogramPercentiles.of(totals.get(OrderToTick.ORDER_TO_TICK + CORRECTED)),
            HistogramPercentiles.of(totals.get(OrderToTick.ORDER_TO_TICK + ".uncorrected")),
            HistogramPercentiles.of(totals.get(OrderToTick.CANCEL_TO_TICK + CORRECTED)),
            HistogramPercentiles.of(totals.get(OrderToTick.REPLACE_TO_TICK + CORRECTED)), matcher.seen(),
            matcher.expected(), hops, watch.packets(), watch.messages(), watch.messagesPerSecond(), watch.gaps(),
            watch.recovered(), watch.unrecovered(), watch.duplicates(), watch.garbled(), watch.otherChannel(),
            matcher.unmatched(), matcher.missing(), matcher.namedMissing(), matcher.overflowed());
    }
}
