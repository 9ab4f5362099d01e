package io.sonde.inprocess;

import io.sonde.api.FixVersion;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.MarketSpec;
import io.sonde.api.MarketSweepSpec;
import io.sonde.api.MatchBy;
import io.sonde.inprocess.market.MarketSweeps;
import io.sonde.inprocess.market.Markets;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a market can only find wrong once its options are read (the feed's addresses, a version that cannot carry
 * FIX market data, more triggers awaiting than sub-tick prices) is refused before anything listens, naming the
 * option, by the API as by the command line.
 */
class MarketPreparationTest
{
    @Test
    void aFeedAddressThatIsNoneIsNamed()
    {
        final String message = assertThrows(InvalidOptionException.class, () -> Markets.prepare(MarketSpec.builder()
            .mdUdp("localhost").build())).getMessage();
        assertTrue(message.startsWith("--md-udp"), message);
    }

    @Test
    void aMulticastFeedNeedsItsInterface()
    {
        assertEquals("--md-multicast needs --md-interface, the interface it leaves by",
            assertThrows(InvalidOptionException.class, () -> Markets.prepare(MarketSpec.builder()
                .set("md-multicast", "239.1.1.1:40001").build())).getMessage());
    }

    @Test
    void withoutAUdpFeedTheOrderSessionsMustCarryFixMarketData()
    {
        final String message = assertThrows(InvalidOptionException.class, () -> Markets.prepare(MarketSpec.builder()
            .fixVersion(FixVersion.FIX_4_2).build())).getMessage();
        assertTrue(message.startsWith("--fix-version FIX.4.2: FIX market data is served on FIX.4.4 sessions only"),
            message);
        Markets.prepare(MarketSpec.builder().fixVersion(FixVersion.FIX_4_2).mdUdp("127.0.0.1:40001").build());
    }

    @Test
    void matchingByPriceNeedsASubTickPriceForEveryTriggerAwaiting()
    {
        final String message = assertThrows(InvalidOptionException.class, () -> Markets.prepare(MarketSpec.builder()
            .match(MatchBy.PRICE).rate(40_000).triggerEvery(2).timeout(Duration.ofSeconds(1)).build())).getMessage();
        assertEquals("--match price: --timeout 1s at 20k triggers/s keeps up to 20000 triggers awaiting, more than " +
            "the 12672 sub-tick prices the symbols' ticks leave: shorten --timeout or raise --trigger-every", message);
        assertThrows(InvalidOptionException.class, () -> MarketSweeps.prepare(MarketSweepSpec.builder()
            .match(MatchBy.PRICE).rates(1_000, 40_000).triggerEvery(2).build()));
        Markets.prepare(MarketSpec.builder().match(MatchBy.PRICE).rate(40_000).triggerEvery(2)
            .timeout(Duration.ofMillis(500)).build());
    }
}
