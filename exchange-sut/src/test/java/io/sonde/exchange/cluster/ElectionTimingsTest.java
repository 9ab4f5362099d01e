package io.sonde.exchange.cluster;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ElectionTimingsTest
{
    @Test
    void heartbeatsAndElectionRoundsScaleWithTheLeaderTimeout()
    {
        final ElectionTimings timings = ElectionTimings.forLeaderTimeout(ElectionTimings.DEFAULT_LEADER_TIMEOUT_NS);

        assertEquals(millis(300), timings.leaderHeartbeatTimeoutNs());
        assertEquals(millis(30), timings.leaderHeartbeatIntervalNs(), "ten heartbeats per timeout");
        assertEquals(millis(150), timings.electionTimeoutNs());
        assertEquals(millis(15), timings.electionStatusIntervalNs());
    }

    @Test
    void aLongTimeoutKeepsAeronsDefaultRhythm()
    {
        final ElectionTimings timings = ElectionTimings.forLeaderTimeout(TimeUnit.SECONDS.toNanos(10));

        assertEquals(millis(200), timings.leaderHeartbeatIntervalNs());
        assertEquals(millis(1_000), timings.electionTimeoutNs());
        assertEquals(millis(100), timings.electionStatusIntervalNs());
    }

    @Test
    void aTimeoutOneStallCouldExceedIsRefused()
    {
        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> ElectionTimings.forLeaderTimeout(millis(50)));
        assertEquals("a leader timeout of 50 ms is below the 100 ms minimum", refused.getMessage());
    }

    private static long millis(final long millis)
    {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
