package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exchange's options, defined once: their defaults, the arguments that reproduce a spec in another process,
 * and the options that do not go together, refused naming them.
 */
class ExchangeSpecTest
{
    @Test
    void byDefaultTheExchangeRunsInOneProcessOnPort9880ListingFourSymbols()
    {
        final ExchangeSpec spec = ExchangeSpec.builder().build();

        assertTrue(spec.isOneProcess());
        assertEquals(9880, spec.port());
        assertEquals("127.0.0.1", spec.bind());
        assertEquals(List.of("SONDE.A", "SONDE.B", "SONDE.C", "SONDE.D"), spec.symbols());
        assertEquals(IdleMode.AUTO, spec.idle());
        assertEquals(ExchangeThreads.AUTO, spec.threads());
        assertEquals(Duration.ofMillis(300), spec.leaderTimeout());
        assertEquals(List.of(), spec.arguments());
    }

    @Test
    void theSymbolsHelpSaysWhyTheyAreMoreThanALoadTradesByDefault()
    {
        assertTrue(ExchangeSpec.DEFAULT_SYMBOLS.containsAll(FixLoad.DEFAULT_SYMBOLS));
        assertTrue(ExchangeSpec.SYMBOLS.help().contains("More than a load trades by default (SONDE.A)"),
            ExchangeSpec.SYMBOLS.help());
    }

    @Test
    void aMembersArgumentsReadBackAsTheSameSpec()
    {
        final ExchangeSpec member = ExchangeSpec.builder().memberId(2).members("127.0.0.1:20000,127.0.0.1:20010," +
            "127.0.0.1:20020").dataDir(Path.of("data", "node2")).symbols(List.of("SONDE.A")).idle(IdleMode.BACKOFF)
            .leaderTimeout(Duration.ofSeconds(1)).noHiccups(true).build();

        final ExchangeSpec.Builder again = ExchangeSpec.builder();
        final List<String> arguments = member.arguments();
        for (int i = 0; i < arguments.size(); i++)
        {
            final String name = arguments.get(i);
            final Option<?> option = ExchangeSpec.OPTIONS.stream()
                .filter(known -> ("--" + known.name()).equals(name)).findFirst().orElseThrow();
            again.set(name, option.isFlag() ? "true" : arguments.get(++i));
        }
        assertEquals(member, again.build());
    }

    @Test
    void optionsThatDoNotGoTogetherAreRefusedNamingThem()
    {
        assertRefused("--status needs --members", ExchangeSpec.builder().set("status", "true"));
        assertRefused("--member-id needs --members", ExchangeSpec.builder().memberId(1));
        assertRefused("--threads applies to the exchange in one process (no --nodes, --member-id or --members)",
            ExchangeSpec.builder().nodes(3).threads(ExchangeThreads.ONE));
        assertRefused("--fault 5s:kill-leader needs --nodes 3",
            ExchangeSpec.builder().fault(Fault.parse("5s:kill-leader")));
        assertRefused("--fault 5s:disconnect:1: disconnect acts on a client's FIX sessions",
            ExchangeSpec.builder().nodes(3).fault(Fault.parse("5s:disconnect:1")));
        assertRefused("--fault 5s:kill-gateway: the gateway runs inside the Sonde process",
            ExchangeSpec.builder().nodes(3).fault(Fault.parse("5s:kill-gateway")));
        assertRefused("--md-udp and --md-multicast: the feed goes to one or the other",
            ExchangeSpec.builder().marketDataUdp("127.0.0.1:9000").set("md-multicast", "239.1.1.1:9000"));
        assertRefused("--md-snapshot-port needs --md-udp or --md-multicast",
            ExchangeSpec.builder().marketDataSnapshotPort(9001));
        assertRefused("--md-udp: a gateway publishes the feed, and --member-id runs none",
            ExchangeSpec.builder().members("127.0.0.1:20000").memberId(0).marketDataUdp("127.0.0.1:9000"));
    }

    @Test
    void aValueAnOptionCannotTakeIsRefusedAsItIsSet()
    {
        assertEquals("--nodes: 2 is not 1 or 3", assertThrows(InvalidOptionException.class,
            () -> ExchangeSpec.builder().set("nodes", "2")).getMessage());
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class,
            () -> ExchangeSpec.builder().set("md-snapshot-port", "70000"));
        assertEquals("--md-snapshot-port: 70000 is not a port (0 to 65535)", refused.getMessage());
    }

    private static void assertRefused(final String message, final ExchangeSpec.Builder builder)
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, builder::build);
        assertTrue(refused.getMessage().startsWith(message), refused.getMessage());
    }
}
