package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import io.sonde.api.MarketSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the market's container is told and tells the application, without Docker.
 */
class SondeMarketContainerTest
{
    private static final MarketSpec SPEC = MarketSpec.builder()
        .rate(1_000)
        .triggerEvery(5)
        .duration(Duration.ofSeconds(5))
        .out(Path.of("somewhere", "on", "the", "host"))
        .build();

    @Test
    void theMarketRunsTheSpecOnEveryInterfaceOfItsContainerAtItsFixPortWithItsResultsInside()
    {
        try (SondeMarketContainer market = SondeMarketContainer.market(SPEC))
        {
            market.configure();

            final List<String> command = List.of(market.getCommandParts());
            assertEquals("market", command.get(0));
            assertEquals("5", valueOf(command, "--trigger-every"));
            assertEquals("0.0.0.0", valueOf(command, "--bind"));
            assertEquals("9879", valueOf(command, "--port"));
            assertEquals("backoff", valueOf(command, "--idle"));
            assertEquals("/results/market", valueOf(command, "--out"));
            assertTrue(command.contains("--no-history"), command.toString());
            assertTrue(command.stream().noneMatch(arg -> arg.contains("somewhere")), command.toString());
            assertEquals(List.of(SondeMarketContainer.FIX_PORT), market.getExposedPorts());
            assertEquals(SondeImage.SHARED_MEMORY_BYTES, market.getShmSize());
        }
    }

    @Test
    void theContainerDecidesWhereTheMarketListensAndHowItWaitsWhateverTheSpecSays()
    {
        final MarketSpec spec = MarketSpec.builder().bind("127.0.0.1").port(7001).idle(IdleMode.SPIN_WINDOW).build();
        try (SondeMarketContainer market = SondeMarketContainer.market(spec).withIdle(IdleMode.AUTO))
        {
            final List<String> command = market.commandLine();

            for (final String option : List.of("--bind", "--port", "--idle", "--out"))
            {
                assertEquals(1, Collections.frequency(command, option), option + " once: " + command);
            }
            assertEquals("0.0.0.0", valueOf(command, "--bind"));
            assertEquals("9879", valueOf(command, "--port"));
            assertEquals("auto", valueOf(command, "--idle"));
        }
    }

    @Test
    void theApplicationLogsOnWithTheMarketsCompIdAsItsTarget()
    {
        try (SondeMarketContainer byDefault = SondeMarketContainer.market(SPEC);
            SondeMarketContainer named = SondeMarketContainer.market(MarketSpec.builder().compId("VENUE1").build()))
        {
            assertEquals("SONDEMKT", byDefault.targetCompId());
            assertEquals("VENUE1", named.targetCompId());
            assertEquals("VENUE1", valueOf(named.commandLine(), "--comp-id"));
        }
    }

    @Test
    void aContainerWithoutASpecRefusesToStartAndHasNoExitCodeBeforeItsRunEnded()
    {
        try (SondeMarketContainer market = new SondeMarketContainer())
        {
            final IllegalStateException noSpec = assertThrows(IllegalStateException.class, market::start);
            assertTrue(noSpec.getMessage().contains("withMarket"), noSpec.getMessage());
            assertThrows(IllegalArgumentException.class, () -> market.withMarket(null));
            final IllegalStateException notEnded = assertThrows(IllegalStateException.class, market::exitCode);
            assertTrue(notEnded.getMessage().contains("report"), notEnded.getMessage());
        }
    }

    @Test
    void itsNetworkEndpointNeedsANetwork()
    {
        try (SondeMarketContainer market = SondeMarketContainer.market(SPEC))
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class, market::networkEndpoint);
            assertTrue(ex.getMessage().contains("withNetwork"), ex.getMessage());
        }
    }

    private static String valueOf(final List<String> command, final String option)
    {
        final int at = command.indexOf(option);
        assertTrue(at >= 0 && at + 1 < command.size(), option + " in " + command);
        return command.get(at + 1);
    }
}
