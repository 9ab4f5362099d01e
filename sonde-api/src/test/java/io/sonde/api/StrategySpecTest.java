package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrategySpecTest
{
    @Test
    void byDefaultTheStrategyReadsTheUdpFeedOfALocalMarketAndEchoesInText()
    {
        final StrategySpec strategy = StrategySpec.builder().build();

        assertFalse(strategy.fixFeed());
        assertEquals(Optional.of("127.0.0.1"), strategy.feedHost());
        assertEquals(Optional.of(40_001), strategy.feedPort());
        assertEquals("127.0.0.1", strategy.marketHost());
        assertEquals(MarketLoad.DEFAULT_PORT, strategy.marketPort());
        assertEquals("APP", strategy.senderCompId());
        assertEquals("SONDEMKT", strategy.targetCompId());
        assertEquals(FixVersion.FIX_4_4, strategy.fixVersion());
        assertEquals(Optional.of(new EchoTag(58)), strategy.echoTag());
        assertEquals(Optional.empty(), strategy.stall());
    }

    @Test
    void theOptionsOfTheCommandLineReachTheSpec()
    {
        final StrategySpec strategy = StrategySpec.builder().set("feed", "fix").set("market", "10.0.0.5:9000")
            .set("echo-tag", "5001").set("symbols", "SONDE.A,SONDE.B").set("stall", "200ms/2s").build();

        assertTrue(strategy.fixFeed());
        assertEquals(Optional.empty(), strategy.feedPort());
        assertEquals("10.0.0.5", strategy.marketHost());
        assertEquals(9000, strategy.marketPort());
        assertEquals(Optional.of(new EchoTag(5001)), strategy.echoTag());
        assertEquals(List.of("SONDE.A", "SONDE.B"), strategy.symbols());
        assertEquals(new Stall(Duration.ofMillis(200), Duration.ofSeconds(2)), strategy.stall().orElseThrow());
    }

    @Test
    void noEchoEchoesNothingAndRefusesAnEchoTagBeside()
    {
        assertEquals(Optional.empty(), StrategySpec.builder().noEcho().build().echoTag());
        final String message = assertThrows(InvalidOptionException.class,
            () -> StrategySpec.builder().set("no-echo", "true").set("echo-tag", "58").build()).getMessage();
        assertTrue(message.contains("--no-echo"), message);
    }

    @Test
    void badValuesAreRefusedNamingTheOption()
    {
        assertRefused("--feed", "feed", "tcp://127.0.0.1:1");
        assertRefused("--feed", "feed", "udp://127.0.0.1");
        assertRefused("--market", "market", "127.0.0.1:70000");
        assertRefused("--echo-tag", "echo-tag", "44");
        final String fix42 = assertThrows(InvalidOptionException.class, () -> StrategySpec.builder().feed("fix")
            .fixVersion(FixVersion.FIX_4_2).build()).getMessage();
        assertTrue(fix42.startsWith("--feed fix"), fix42);
    }

    private static void assertRefused(final String option, final String name, final String value)
    {
        final String message = assertThrows(InvalidOptionException.class,
            () -> StrategySpec.builder().set(name, value).build()).getMessage();
        assertTrue(message.startsWith(option), message);
    }
}
