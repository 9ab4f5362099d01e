package io.sonde.testcontainers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bundled exchange's container in real Docker, as a user's test declares it.
 */
@Testcontainers
@Timeout(300)
class SondeExchangeContainerIT
{
    @Container
    private static final SondeExchangeContainer EXCHANGE = new SondeExchangeContainer()
        .withImagePullPolicy(image -> false)
        .withSymbols("SONDE.A", "SONDE.B");

    @Test
    void itStartsOnceTheExchangePrintsReadyAndServesItsFixPortOnTheHost() throws IOException
    {
        assertTrue(EXCHANGE.isRunning());
        assertTrue(EXCHANGE.getLogs().contains("sonde exchange: READY"), EXCHANGE.getLogs());
        try (Socket socket = new Socket())
        {
            socket.connect(new InetSocketAddress(EXCHANGE.fixHost(), EXCHANGE.fixPort()), 5_000);
            assertTrue(socket.isConnected());
        }
        assertEquals(EXCHANGE.fixHost() + ":" + EXCHANGE.fixPort(), EXCHANGE.fixEndpoint());
    }

    @Test
    void itsHiccupLogIsCopiedOutOfTheContainer(@TempDir final Path dir) throws Exception
    {
        final Path log = dir.resolve("exchange.hiccup.hlog");
        final long deadline = System.nanoTime() + 30_000_000_000L;
        while (intervals(EXCHANGE.hiccupLog(log)) < 2 && System.nanoTime() < deadline)
        {
            Thread.sleep(500);
        }
        assertTrue(intervals(log) >= 2, "the exchange records a hiccup interval a second:\n" + Files.readString(log));

        final Path folder = EXCHANGE.copyHiccupLogsTo(dir.resolve("hiccups"));
        assertTrue(Files.size(folder.resolve("exchange.hiccup.hlog")) > 0);
    }

    @Test
    void threeNodesRunInOneContainerAndEachProcessLogsItsHiccups(@TempDir final Path dir) throws Exception
    {
        try (SondeExchangeContainer cluster = new SondeExchangeContainer()
            .withImagePullPolicy(image -> false)
            .withNodes(3))
        {
            cluster.start();
            assertTrue(cluster.getLogs().contains("READY fix=0.0.0.0:9880 nodes=3"), cluster.getLogs());
            try (Socket socket = new Socket())
            {
                socket.connect(new InetSocketAddress(cluster.fixHost(), cluster.fixPort()), 5_000);
            }
            final Path folder = cluster.copyHiccupLogsTo(dir.resolve("hiccups"));
            for (final String process : List.of("exchange-gateway", "exchange-member-0", "exchange-member-1",
                "exchange-member-2"))
            {
                assertTrue(Files.exists(folder.resolve(process + ".hiccup.hlog")), process);
            }
            assertTrue(Files.exists(cluster.hiccupLog(dir.resolve("gateway.hlog"))));
        }
    }

    /**
     * @return the interval lines of an HdrHistogram log: those not comments nor its column header.
     */
    private static long intervals(final Path log) throws IOException
    {
        final List<String> lines = Files.readAllLines(log);
        return lines.stream().filter(line -> !line.startsWith("#") && !line.startsWith("\"") && !line.isBlank())
            .count();
    }
}
