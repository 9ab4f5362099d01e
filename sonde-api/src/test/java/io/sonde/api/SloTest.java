package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * An objective on tick-to-trade is named {@code t2t.}, read and written back like every other, and taken by
 * {@code sonde market} alone: a run or sweep, which measures no tick-to-trade, refuses it.
 */
class SloTest
{
    @Test
    void aTickToTradeObjectiveIsReadLabelledAndWrittenBack()
    {
        final List<Slo> objectives = Slo.parse("t2t.p99=2ms,t2t.max=10ms");

        assertEquals(new Slo(99, 2_000, Slo.Series.TICK_TO_TRADE), objectives.get(0));
        assertEquals(new Slo(100, 10_000, Slo.Series.TICK_TO_TRADE), objectives.get(1));
        assertEquals("t2t.p99", objectives.get(0).label());
        assertEquals("t2t.max", objectives.get(1).label());
        assertEquals(objectives, Slo.parse(Slo.format(objectives)));
    }

    @Test
    void theOtherPrefixesStillNameTheirOwnSeries()
    {
        assertEquals(List.of(Slo.Series.LIFECYCLE, Slo.Series.ORDER_TO_TICK, Slo.Series.DURING_FAULTS),
            Slo.parse("p99=1ms,tick.p99=1ms,fault.p99=1ms").stream().map(Slo::series).toList());
    }

    @Test
    void aRunOrSweepRefusesATickToTradeObjective()
    {
        assertEquals("--slo t2t.p99 is measured by sonde market", assertThrows(InvalidOptionException.class,
            () -> RunSpec.builder().embedded(true).slo("t2t.p99=2ms").build()).getMessage());
        assertEquals("--slo t2t.p99 is measured by sonde market", assertThrows(InvalidOptionException.class,
            () -> SweepSpec.builder().embedded(true).rates(1_000).slo("p99=5ms,t2t.p99=2ms").build()).getMessage());
    }

    @Test
    void aMarketTakesTickToTradeObjectivesOnlySayingHowToWriteAnother()
    {
        assertEquals("--slo p99=1ms: sonde market judges tick-to-trade: write t2t.p99=1ms",
            assertThrows(InvalidOptionException.class, () -> MarketSpec.builder().slo("p99=1ms").build())
                .getMessage());
        assertEquals("--slo tick.p99.9=500us: sonde market-sweep judges tick-to-trade: write t2t.p99.9=500us",
            assertThrows(InvalidOptionException.class, () -> MarketSweepSpec.builder().rates(List.of(1_000.0))
                .slo("tick.p99.9=500us").build()).getMessage());
        assertEquals(Slo.parse("t2t.p99=1ms"), MarketSpec.builder().slo("t2t.p99=1ms").build().limits().slo());
    }
}
