package io.sonde.fix.client.marketdata;

import io.sonde.md.sbe.Side;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The depth the feed shows, sampled once a second over the measured window only: the mean of each side's levels,
 * and the levels at the window's first sample.
 */
class FeedDepthTest
{
    private static final long SECOND = 1_000_000_000L;
    private static final byte BUY = Side.BUY.value();
    private static final byte SELL = Side.SELL.value();

    private final OrderToTick matcher = new OrderToTick(16, 4, 1_000);
    private final FeedDepth depth = new FeedDepth(List.of("A", "B"), 10, 4 * SECOND);
    private final byte[] symbolA = padded("A");

    @Test
    void eachSideIsSampledOnceASecondOverTheMeasuredWindowOnly()
    {
        matcher.begin(10 * SECOND);
        rest(BUY, 1);
        depth.sample(9 * SECOND, matcher.bookActions());
        rest(BUY, 2);
        rest(SELL, 3);
        depth.sample(10 * SECOND, matcher.bookActions());
        depth.sample(10 * SECOND + SECOND / 2, matcher.bookActions());
        rest(BUY, 4);
        rest(BUY, 5);
        depth.sample(11 * SECOND, matcher.bookActions());
        depth.sample(14 * SECOND, matcher.bookActions());

        assertEquals(2, depth.samples(), "the warm-up's, the half second's and the one after the window are not");
        assertEquals(3, depth.meanLevels(0, true));
        assertEquals(1, depth.meanLevels(0, false));
        assertEquals(2, depth.levelsAtStart(0, true));
        assertEquals(0, depth.meanLevels(1, true));
    }

    @Test
    void samplesTakenBeforeAWarmUpGateMovedTheStartAreDropped()
    {
        matcher.begin(10 * SECOND);
        rest(BUY, 1);
        depth.sample(10 * SECOND, matcher.bookActions());
        matcher.begin(12 * SECOND);
        rest(BUY, 2);
        depth.sample(12 * SECOND, matcher.bookActions());

        assertEquals(1, depth.samples());
        assertEquals(2, depth.meanLevels(0, true));
        assertEquals(2, depth.levelsAtStart(0, true));
    }

    private void rest(final byte side, final long price)
    {
        depth.levels().onRest(symbolA, side, price);
    }

    private static byte[] padded(final String symbol)
    {
        return Arrays.copyOf(symbol.getBytes(StandardCharsets.US_ASCII), 16);
    }
}
