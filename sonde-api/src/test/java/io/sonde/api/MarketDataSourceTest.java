package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --market-data as it is typed: the UDP feed's address with its snapshot port and interface, or udp and fix alone.
 */
class MarketDataSourceTest
{
    @Test
    void aUdpFeedNamesItsAddressAndOptionallyItsSnapshotPortAndInterfaceAndReadsBackAsTyped()
    {
        final String typed = "udp://239.1.2.3:5000?snapshot=10.0.0.1:5001&interface=eth0";
        final MarketDataSource source = MarketDataSource.parse(typed);

        assertEquals(MarketDataSource.Kind.UDP, source.kind());
        assertEquals(Optional.of(new Target("239.1.2.3", 5000)), source.feed());
        assertEquals(Optional.of(new Target("10.0.0.1", 5001)), source.snapshot());
        assertEquals(Optional.of("eth0"), source.networkInterface());
        assertEquals(typed, source.toString());
        assertEquals("fix", MarketDataSource.parse("FIX").toString());
        assertEquals("udp", MarketDataSource.parse("udp").toString());
    }

    @Test
    void whatCannotBeReadIsQuotedWithTheOption()
    {
        assertTrue(assertThrows(InvalidOptionException.class, () -> MarketDataSource.parse("tcp://h:1"))
            .getMessage().contains("'tcp://h:1'"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> MarketDataSource.parse("udp://h:1?speed=9"))
            .getMessage().contains("'speed=9'"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> MarketDataSource.parse("udp://h"))
            .getMessage().startsWith("--market-data"));
    }

    @Test
    void udpAloneIsForTheEmbeddedExchange()
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, () ->
            RunSpec.builder().target("127.0.0.1", 9880).rate(10).set("market-data", "udp").build());

        assertTrue(refused.getMessage().contains("--embedded"), refused.getMessage());
        RunSpec.builder().embedded(true).rate(10).marketData(MarketDataSource.parse("udp")).build();
    }

    @Test
    void measuringOrderToTickSendsDayOrdersUnlessATimeInForceIsGiven()
    {
        final RunSpec.Builder embedded = RunSpec.builder().embedded(true).rate(10);

        assertEquals(TimeInForce.IOC, embedded.build().load().timeInForce());
        assertEquals(TimeInForce.DAY,
            embedded.marketData(MarketDataSource.parse("udp")).build().load().timeInForce());
        assertEquals(TimeInForce.IOC, embedded.timeInForce(TimeInForce.IOC).build().load().timeInForce());
    }

    @Test
    void anObjectiveOnOrderToTickIsNamedWithTickAndReadsBackAsTyped()
    {
        final List<Slo> objectives = Slo.parse("p99=5ms,tick.p99=2ms");

        assertFalse(objectives.get(0).orderToTick());
        assertTrue(objectives.get(1).orderToTick());
        assertEquals("tick.p99", objectives.get(1).label());
        assertEquals("p99=5000us,tick.p99=2000us", Slo.format(objectives));
        assertEquals(objectives, Slo.parse(Slo.format(objectives)));
    }
}
