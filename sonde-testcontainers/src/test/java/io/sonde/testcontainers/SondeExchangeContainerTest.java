package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the exchange's container is told, without Docker.
 */
class SondeExchangeContainerTest
{
    @Test
    void theExchangeRunsOneOrThreeMembers()
    {
        try (SondeExchangeContainer exchange = new SondeExchangeContainer())
        {
            assertEquals(3, exchange.withNodes(3).nodes());
            final IllegalArgumentException ex =
                assertThrows(IllegalArgumentException.class, () -> exchange.withNodes(2));
            assertTrue(ex.getMessage().contains("1 or 3"), ex.getMessage());
        }
    }

    @Test
    void itsBusyThreadsBackOffUnlessGivenAnotherIdleMode()
    {
        try (SondeExchangeContainer exchange = new SondeExchangeContainer())
        {
            exchange.configure();
            assertEquals("backoff", idleOption(exchange));

            exchange.withIdle(IdleMode.BUSY_SPIN).configure();
            assertEquals("busy-spin", idleOption(exchange));
            assertThrows(IllegalArgumentException.class, () -> exchange.withIdle(null));
        }
    }

    @Test
    void aFeedGoesToEveryConsumerGivenAndServesItsSnapshotsOnAnExposedPort()
    {
        try (SondeExchangeContainer exchange = new SondeExchangeContainer())
        {
            exchange.withMarketDataTo("load", 9100).withMarketDataTo("10.0.0.7", 9101).configure();

            final List<String> command = List.of(exchange.getCommandParts());
            assertEquals("load:9100,10.0.0.7:9101", command.get(command.indexOf("--md-udp") + 1));
            assertEquals("9881", command.get(command.indexOf("--md-snapshot-port") + 1));
            assertTrue(exchange.getExposedPorts().contains(SondeExchangeContainer.MARKET_DATA_SNAPSHOT_PORT));
        }
    }

    @Test
    void aFeedDestinationMustBeAHostAndAPort()
    {
        try (SondeExchangeContainer exchange = new SondeExchangeContainer())
        {
            assertThrows(IllegalArgumentException.class, () -> exchange.withMarketDataTo("load:9100", 9100));
            assertThrows(IllegalArgumentException.class, () -> exchange.withMarketDataTo("load", 0));
            final IllegalStateException ex =
                assertThrows(IllegalStateException.class, exchange::marketDataSnapshotEndpoint);
            assertTrue(ex.getMessage().contains("withMarketDataTo"), ex.getMessage());
        }
    }

    private static String idleOption(final SondeExchangeContainer exchange)
    {
        final List<String> command = List.of(exchange.getCommandParts());
        return command.get(command.indexOf("--idle") + 1);
    }
}
