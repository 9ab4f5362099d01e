package io.sonde.scenarios.strategy;

import io.sonde.api.ExitCode;
import io.sonde.api.StrategySpec;
import io.sonde.scenarios.CliHarness;
import io.sonde.strategy.StrategySettings;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrategyCommandTest
{
    @Test
    void theCommandLineBecomesTheStrategysOwnSettings()
    {
        final StrategySettings settings = StrategyCommand.settings(StrategySpec.builder()
            .set("feed", "udp://127.0.0.1:40005").set("market", "127.0.0.1:9990").set("fix-version", "FIX.5.0SP2")
            .set("echo-tag", "5001").set("stall", "200ms/2s").build());

        assertEquals(new InetSocketAddress("127.0.0.1", 40_005), settings.udpFeed());
        assertEquals(9990, settings.marketPort());
        assertEquals(StrategySettings.FIXT_1_1, settings.beginString());
        assertEquals(5001, settings.echoTag());
        assertEquals(Duration.ofMillis(200), settings.stallLength());
        assertEquals(Duration.ofSeconds(2), settings.stallPeriod());
    }

    @Test
    void fixMarketDataWithoutEchoIsAPriceMatchingStrategyOnItsOrderSession()
    {
        final StrategySettings settings = StrategyCommand.settings(StrategySpec.builder().feed("fix").noEcho()
            .symbols(List.of("SONDE.B")).build());

        assertNull(settings.udpFeed());
        assertEquals(StrategySettings.NO_ECHO, settings.echoTag());
        assertEquals(List.of("SONDE.B"), settings.symbols());
        assertEquals(Duration.ZERO, settings.stallLength());
    }

    @Test
    void anEchoTagTheOrderNeedsIsBadUsageNamingTheOption()
    {
        final CliHarness cli = CliHarness.run("strategy", "--echo-tag", "44");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--echo-tag") && cli.err.contains("Price (44)"), cli.toString());
    }
}
