package io.sonde.inprocess.market;

import io.sonde.api.IdleMode;
import io.sonde.api.MarketSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The market every end-to-end test here starts from, whichever application it measures.
 */
final class TestMarkets
{
    /** The market's symbols; an application on FIX market data subscribes to every one. */
    static final List<String> SYMBOLS = List.of("SONDE.A", "SONDE.B");

    private TestMarkets()
    {
    }

    /**
     * @param out where the run writes.
     * @return a market for tests on a shared host: any free port, every thread backing off when idle, no core
     *         claimed for the application, and Sonde's own lateness and hiccup limits loosened so that a stall of
     *         the host does not void a run these tests judge by its counts and percentiles.
     */
    static MarketSpec.Builder market(final Path out)
    {
        return MarketSpec.builder()
            .symbols(SYMBOLS)
            .port(0)
            .idle(IdleMode.BACKOFF)
            .appBusyThreads(0)
            .awaitApp(Duration.ofSeconds(30))
            .maxSendLateness(Duration.ofMillis(200))
            .maxHiccup(Duration.ofMillis(500))
            .out(out);
    }
}
