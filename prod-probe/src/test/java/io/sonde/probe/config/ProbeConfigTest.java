package io.sonde.probe.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbeConfigTest
{
    @Test
    void aSafeConfigIsAccepted()
    {
        final ProbeConfig config = ProbeConfig.from(safe(), "test");

        assertEquals(9880, config.port());
        assertEquals(9_000, config.order().priceCents());
        assertEquals(Duration.ofSeconds(1), config.period());
        assertEquals(5, config.caps().maxOrdersPerSecond());
    }

    @Test
    void aBuyNearTheMarketIsRefusedUnlessForced()
    {
        final Properties marketable = safe();
        marketable.setProperty("price", "99.50");

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> ProbeConfig.from(marketable, "test"));
        assertTrue(refused.getMessage().contains("refusing a marketable probe"), refused.getMessage());

        marketable.setProperty("allow.marketable", "true");
        assertEquals(9_950, ProbeConfig.from(marketable, "test").order().priceCents());
    }

    @Test
    void aSellMustSitAboveTheMarket()
    {
        final Properties sell = safe();
        sell.setProperty("side", "2");

        assertThrows(IllegalArgumentException.class, () -> ProbeConfig.from(sell, "test"));
        sell.setProperty("price", "115");
        assertEquals('2', ProbeConfig.from(sell, "test").order().side());
    }

    @Test
    void theBookFlowCannotBeChosenSoTheProbeSendsOnlyItsOneOrderFarFromTheMarket(@TempDir final Path dir)
        throws Exception
    {
        final Path yaml = Files.writeString(dir.resolve("probe.yaml"), """
            target: {host: 127.0.0.1, port: 9880}
            sender.comp.id: PROBE1
            target.comp.id: EXCH
            symbol: SONDE.T
            account: TEST
            side: 1
            price: 90.00
            reference.price: 100.00
            rate: 1
            cap:
              orders.per.second: 5
              open.orders: 10
              orders.per.day: 100000
            flow: book
            bookDepth: 10
            orderToTrade: 25
            sweepLevels: 3
            """);

        final String message = assertThrows(IllegalArgumentException.class, () -> ProbeConfig.read(yaml))
            .getMessage();

        for (final String setting : new String[] {"flow", "bookDepth", "orderToTrade", "sweepLevels"})
        {
            assertTrue(message.contains("unknown setting '" + setting + "'"), setting + ": " + message);
        }
        final ProbeConfig safe = ProbeConfig.from(safe(), "test");
        assertEquals(9_000, safe.order().priceCents(), "the one order, at the price configured");
        assertTrue(safe.order().priceCents() <= safe.referencePriceCents() * 0.9, "a buy 10 % below the market " +
            "or more: it rests and never crosses (aBuyNearTheMarketIsRefusedUnlessForced)");
    }

    @Test
    void everyProblemIsNamedAtOnce()
    {
        final Properties broken = safe();
        broken.remove("symbol");
        broken.setProperty("rate", "50");
        broken.setProperty("password", "secret");
        broken.setProperty("colour", "blue");

        final String message = assertThrows(IllegalArgumentException.class,
            () -> ProbeConfig.from(broken, "probe.properties")).getMessage();

        assertTrue(message.contains("'symbol' is missing"), message);
        assertTrue(message.contains("rate 50.0/s is above cap.orders.per.second 5"), message);
        assertTrue(message.contains("credentials do not belong in the config"), message);
        assertTrue(message.contains("unknown setting 'colour'"), message);
        assertTrue(!message.contains("secret"), "the password itself is never echoed");
    }

    @Test
    void unsetKnobsTakeDefaultsAMonitorCanLiveWith()
    {
        final ProbeConfig config = ProbeConfig.from(safe(), "test");

        assertEquals("127.0.0.1", config.metricsBind(), "metrics stay on loopback unless asked");
        assertEquals(9464, config.metricsPort());
        assertEquals(Duration.ofSeconds(5), config.timeout());
        assertEquals(Duration.ofSeconds(10), config.interval());
        assertEquals(1, config.sessions());
        assertEquals(false, config.order().ioc());
        assertEquals(Duration.ofMinutes(5), config.longestWindow());
        assertEquals(null, config.cancelOnDisconnect(), "a venue may reject a Logon with tags it does not know");
    }

    @Test
    void durationsReadAsOnTheCommandLine()
    {
        final Properties properties = safe();
        properties.setProperty("timeout", "5");
        properties.setProperty("interval", "1500ms");

        final ProbeConfig config = ProbeConfig.from(properties, "test");

        assertEquals(Duration.ofSeconds(5), config.timeout(), "a bare number is seconds, as for --timeout");
        assertEquals(Duration.ofMillis(1500), config.interval());
    }

    @Test
    void cancelOnDisconnectIsAskedForOnlyWhenTurnedOnWithAWindowFixAllows()
    {
        final Properties cod = safe();
        cod.setProperty("cancel.on.disconnect", "true");
        cod.setProperty("cancel.on.disconnect.window", "2s");
        assertEquals(Duration.ofSeconds(2), ProbeConfig.from(cod, "test").cancelOnDisconnect());

        cod.setProperty("cancel.on.disconnect", "yes");
        cod.setProperty("cancel.on.disconnect.window", "90s");
        final String message = assertThrows(IllegalArgumentException.class,
            () -> ProbeConfig.from(cod, "test")).getMessage();
        assertTrue(message.contains("'cancel.on.disconnect' must be true or false, not 'yes'"), message);
        assertTrue(message.contains("cancel.on.disconnect.window 90000 ms is above the 60000 ms FIX allows"),
            message);
    }

    @Test
    void rulesWindowsAndDurationsThatCannotBeReadAreNamed()
    {
        final Properties broken = safe();
        broken.setProperty("slo.ack", "new-ack p99 <= fast over 5m");
        broken.setProperty("slo.session", "session down <= 30s");
        broken.setProperty("timeout", "soon");
        broken.setProperty("schedule.window", "weekdays");
        broken.setProperty("order.type", "gtc");

        final String message = assertThrows(IllegalArgumentException.class,
            () -> ProbeConfig.from(broken, "test")).getMessage();

        assertTrue(message.contains("slo.ack: 'fast' is not a duration"), message);
        assertTrue(message.contains("'timeout': 'soon' is not a duration"), message);
        assertTrue(message.contains("schedule.window 'weekdays'"), message);
        assertTrue(message.contains("order.type must be 'day'"), message);
        assertTrue(!message.contains("slo.session"), "a good rule is not blamed");
    }

    @Test
    void theSameSettingsInYamlReadAsTheProperties(@TempDir final Path dir) throws Exception
    {
        final Path yaml = Files.writeString(dir.resolve("probe.yaml"), """
            target: {host: 127.0.0.1, port: 9880}
            sender.comp.id: PROBE1
            target.comp.id: EXCH
            symbol: SONDE.T
            account: TEST
            side: 1
            price: 90.00
            reference.price: 100.00
            rate: 1
            cap:
              orders.per.second: 5
              open.orders: 10
              orders.per.day: 100000
            slo:
              ack: new-ack p99 <= 5s over 1m
            """);

        final ProbeConfig fromYaml = ProbeConfig.read(yaml);
        final Properties withSlo = safe();
        withSlo.setProperty("slo.ack", "new-ack p99 <= 5s over 1m");
        assertEquals(ProbeConfig.from(withSlo, "test"), fromYaml);
    }

    @Test
    void marketDataIsOffUnlessAskedForAndItsSessionTakesItsOwnCompIdsInEitherFormat(@TempDir final Path dir)
        throws Exception
    {
        assertNull(ProbeConfig.from(safe(), "test").marketData());
        final Properties fix = safe();
        fix.setProperty("market.data", "fix");
        assertEquals(new MarketDataSettings(null, null), ProbeConfig.from(fix, "test").marketData());

        final Path yaml = Files.writeString(dir.resolve("probe.yaml"), """
            target: {host: 127.0.0.1, port: 9880}
            sender.comp.id: PROBE1
            target.comp.id: EXCH
            symbol: SONDE.T
            account: TEST
            side: 1
            price: 90.00
            reference.price: 100.00
            rate: 1
            cap: {orders.per.second: 5, open.orders: 10, orders.per.day: 100000}
            market.data: fix
            market.data.sender.comp.id: PROBE-FEED
            market.data.target.comp.id: EXCH-MD
            """);
        assertEquals(new MarketDataSettings("PROBE-FEED", "EXCH-MD"), ProbeConfig.read(yaml).marketData());
    }

    @Test
    void aMarketDataSourceTheProbeCannotReadOrACompIdOrTickRuleWithoutTheSessionIsNamed()
    {
        final Properties udp = safe();
        udp.setProperty("market.data", "udp");
        final String message = assertThrows(IllegalArgumentException.class,
            () -> ProbeConfig.from(udp, "test")).getMessage();
        assertTrue(message.contains("'market.data' must be 'fix' (watch the venue's FIX market data) or 'off', " +
            "not 'udp'"), message);

        final Properties tickRule = safe();
        tickRule.setProperty("slo.tick", "order-to-tick p99 <= 50ms over 5m");
        final String tickMessage = assertThrows(IllegalArgumentException.class,
            () -> ProbeConfig.from(tickRule, "test")).getMessage();
        assertTrue(tickMessage.contains("slo.tick (order-to-tick p99 <= 50ms over 5m) judges the venue's public " +
            "feed: set market.data=fix"), tickMessage);

        final Properties orphan = safe();
        orphan.setProperty("market.data.sender.comp.id", "PROBE-MD");
        final String orphanMessage = assertThrows(IllegalArgumentException.class,
            () -> ProbeConfig.from(orphan, "test")).getMessage();
        assertTrue(orphanMessage.contains("'market.data.sender.comp.id' is set but 'market.data' is off"),
            orphanMessage);
    }

    @Test
    void aYamlListIsNamed(@TempDir final Path dir) throws Exception
    {
        final Path yaml = Files.writeString(dir.resolve("probe.yml"), "symbol: [A, B]\n");

        final String message = assertThrows(IllegalArgumentException.class, () -> ProbeConfig.read(yaml)).getMessage();
        assertTrue(message.contains("'symbol' must be a single value or a mapping"), message);
    }

    private static Properties safe()
    {
        final Properties properties = new Properties();
        properties.setProperty("target.host", "127.0.0.1");
        properties.setProperty("target.port", "9880");
        properties.setProperty("sender.comp.id", "PROBE1");
        properties.setProperty("target.comp.id", "EXCH");
        properties.setProperty("symbol", "SONDE.T");
        properties.setProperty("account", "TEST");
        properties.setProperty("side", "1");
        properties.setProperty("price", "90.00");
        properties.setProperty("reference.price", "100.00");
        properties.setProperty("rate", "1");
        properties.setProperty("cap.orders.per.second", "5");
        properties.setProperty("cap.open.orders", "10");
        properties.setProperty("cap.orders.per.day", "100000");
        return properties;
    }
}
