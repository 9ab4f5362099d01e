package io.sonde.inprocess.market;

import io.sonde.api.FloorReport;
import io.sonde.api.TickToTrade;
import io.sonde.inprocess.run.FloorReference;

/**
 * Tick-to-trade against what the host itself costs: a trigger crosses one UDP datagram's way and its reaction half
 * a TCP round trip, so no application can answer faster than the UDP one-way p50 plus half the TCP round-trip p50
 * that {@code sonde calibrate} measured, at the rate nearest the trigger rate. The ratio to that bound is what the
 * application and its FIX engine add.
 */
final class TickToTradeFloors
{
    private TickToTradeFloors()
    {
    }

    /**
     * @param floor       the calibration read, or null without one.
     * @param triggerRate triggers per second, the rate the floors are looked up at.
     * @param p50         tick-to-trade's corrected p50, µs.
     * @return the bound and the ratio; null without a calibration, or one without a UDP or a TCP floor.
     */
    static TickToTrade.Floors of(final FloorReference floor, final double triggerRate, final double p50)
    {
        if (floor == null)
        {
            return null;
        }
        final FloorReport.OneWay udp = floor.report().nearestUdp(triggerRate).orElse(null);
        final FloorReport.RoundTrip tcp = floor.nearest(triggerRate);
        if (udp == null || tcp == null)
        {
            return null;
        }
        final double bound = udp.corrected().p50() + tcp.corrected().p50() / 2;
        return new TickToTrade.Floors(floor.source().toString(), udp.corrected().p50(), tcp.corrected().p50(), bound,
            bound > 0 ? p50 / bound : 0);
    }
}
