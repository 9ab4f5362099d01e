package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the acceptor's container is told and tells its clients, without Docker.
 */
class SondeAcceptorContainerTest
{
    @Test
    void theAcceptorListensOnEveryInterfaceOfItsContainerAtItsFixPortAndBacksOffWhenIdle()
    {
        try (SondeAcceptorContainer acceptor = new SondeAcceptorContainer())
        {
            acceptor.configure();

            assertEquals(List.of("acceptor", "--bind", "0.0.0.0", "--port", "9878", "--idle", "backoff"),
                List.of(acceptor.getCommandParts()));
            assertEquals(List.of(SondeAcceptorContainer.FIX_PORT), acceptor.getExposedPorts());
            assertEquals(SondeImage.SHARED_MEMORY_BYTES, acceptor.getShmSize());
        }
    }

    @Test
    void itsIdleModeIsTyped()
    {
        try (SondeAcceptorContainer acceptor = new SondeAcceptorContainer().withIdle(IdleMode.SPIN_WINDOW))
        {
            acceptor.configure();

            final List<String> command = List.of(acceptor.getCommandParts());
            assertEquals("spin-window", command.get(command.indexOf("--idle") + 1));
            assertThrows(IllegalArgumentException.class, () -> acceptor.withIdle(null));
        }
    }

    @Test
    void itsDelayBecomesTheAcceptorsDelayOption()
    {
        try (SondeAcceptorContainer acceptor = new SondeAcceptorContainer().withDelay(Duration.ofNanos(100_000)))
        {
            acceptor.configure();

            final List<String> command = List.of(acceptor.getCommandParts());
            assertEquals("100us", command.get(command.indexOf("--delay") + 1));
            assertThrows(IllegalArgumentException.class, () -> acceptor.withDelay(Duration.ofNanos(-1)));
            assertThrows(IllegalArgumentException.class, () -> acceptor.withDelay(null));
        }
    }

    @Test
    void aClientLogsOnWithTheAcceptorsCompIdAsItsTarget()
    {
        try (SondeAcceptorContainer acceptor = new SondeAcceptorContainer())
        {
            assertEquals("TESTEXCH", acceptor.targetCompId());
        }
    }

    @Test
    void itsNetworkEndpointNeedsANetwork()
    {
        try (SondeAcceptorContainer acceptor = new SondeAcceptorContainer())
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class, acceptor::networkEndpoint);
            assertTrue(ex.getMessage().contains("withNetwork"), ex.getMessage());
        }
    }
}
