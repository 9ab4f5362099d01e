package io.sonde.exchange.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad market-data options stop the exchange before anything starts, with the usage exit code and the
 * option named.
 */
@Timeout(60)
class FeedOptionsTest
{
    @Test
    void aDestinationWithoutAPortIsRefusedNamingTheOption()
    {
        assertRefused("--md-udp", "not HOST:PORT", "--md-udp", "127.0.0.1");
        assertRefused("--md-udp", "no port number", "--md-udp", "127.0.0.1:fast");
        assertRefused("--md-udp", "port 70000", "--md-udp", "127.0.0.1:9000,127.0.0.1:70000");
    }

    @Test
    void anUnresolvableHostIsRefusedNamingIt()
    {
        assertRefused("--md-udp", "no-such-host.invalid", "--md-udp", "no-such-host.invalid:9000");
    }

    @Test
    void multicastNeedsAGroupAndAnInterfaceThatExists()
    {
        assertRefused("--md-multicast", "--md-interface", "--md-multicast", "239.1.1.1:9000");
        assertRefused("--md-multicast", "not a multicast group", "--md-multicast", "127.0.0.1:9000",
            "--md-interface", "lo");
        assertRefused("--md-interface", "no-such-if0", "--md-multicast", "239.1.1.1:9000",
            "--md-interface", "no-such-if0");
    }

    @Test
    void unicastAndMulticastTogetherAreRefused()
    {
        assertRefused("--md-multicast", "one or the other", "--md-udp", "127.0.0.1:9000",
            "--md-multicast", "239.1.1.1:9000", "--md-interface", "lo");
    }

    @Test
    void aSnapshotPortWithoutAFeedIsRefused()
    {
        assertRefused("--md-snapshot-port", "needs --md-udp", "--md-snapshot-port", "9001");
        assertRefused("--md-snapshot-port", "not a port", "--md-udp", "127.0.0.1:9000", "--md-snapshot-port",
            "-1");
    }

    private static void assertRefused(final String option, final String why, final String... options)
    {
        final String[] args = new String[options.length + 2];
        args[0] = "--port";
        args[1] = "0";
        System.arraycopy(options, 0, args, 2, options.length);

        final MainHarness cli = MainHarness.run(args);

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains(option) && cli.err.contains(why), cli.toString());
        assertFalse(cli.out.contains("READY"), "nothing started: " + cli);
    }
}
