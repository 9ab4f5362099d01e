package io.sonde.scenarios.results;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The results history a team shares: the same suite against a real PostgreSQL server started from Debian's
 * packages (.ci/run installs them and sets SONDE_REQUIRE_POSTGRES, so there it cannot be skipped).
 */
class PostgresHistoryTest extends HistorySuite
{
    private PostgresServer server;

    String startDatabase() throws Exception
    {
        final Path bin = PostgresServer.binaries();
        assumeTrue(bin != null || System.getenv("SONDE_REQUIRE_POSTGRES") != null,
            "PostgreSQL is not installed (.ci/run installs it)");
        assertNotNull(bin, "SONDE_REQUIRE_POSTGRES is set but no /usr/lib/postgresql/*/bin/initdb exists");
        server = PostgresServer.start(bin);
        return server.url();
    }

    void stopDatabase() throws Exception
    {
        if (server != null)
        {
            server.close();
        }
    }
}
