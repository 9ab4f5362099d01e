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

    private static String idleOption(final SondeExchangeContainer exchange)
    {
        final List<String> command = List.of(exchange.getCommandParts());
        return command.get(command.indexOf("--idle") + 1);
    }
}
