package io.sonde.scenarios.results;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL server from Debian's packages, on 127.0.0.1 at a free port with trust authentication,
 * in a temporary folder. PostgreSQL refuses to run as root, so as root it runs as the packages' {@code postgres}
 * user.
 */
final class PostgresServer implements AutoCloseable
{
    private static final Path PACKAGES = Path.of("/usr/lib/postgresql");
    private static final String DATABASE_USER = "sonde";

    private final Path bin;
    private final Path folder;
    private final int port;

    private PostgresServer(final Path bin, final Path folder, final int port)
    {
        this.bin = bin;
        this.folder = folder;
        this.port = port;
    }

    /**
     * @return the newest installed version's binaries, or null when PostgreSQL is not installed.
     */
    static Path binaries() throws IOException
    {
        if (!Files.isDirectory(PACKAGES))
        {
            return null;
        }
        try (Stream<Path> versions = Files.list(PACKAGES))
        {
            return versions.map(version -> version.resolve("bin"))
                .filter(candidate -> Files.isExecutable(candidate.resolve("initdb")))
                .max(Comparator.comparing(candidate -> Integer.parseInt(candidate.getParent().getFileName().toString()
                    .replaceAll("\\D", "0"))))
                .orElse(null);
        }
    }

    static PostgresServer start(final Path bin) throws Exception
    {
        final Path folder = Files.createTempDirectory("sonde-postgres-");
        if (runsAsRoot())
        {
            final UserPrincipal postgres = folder.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName("postgres");
            Files.setOwner(folder, postgres);
        }
        final int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            port = socket.getLocalPort();
        }
        final PostgresServer server = new PostgresServer(bin, folder, port);
        server.run(bin.resolve("initdb").toString(), "-D", server.data(), "-U", DATABASE_USER, "--auth=trust",
            "--no-sync", "-E", "UTF8");
        server.run(bin.resolve("pg_ctl").toString(), "-D", server.data(), "-l", folder.resolve("server.log").toString(),
            "-o", "-p " + port + " -k " + folder + " -c listen_addresses=127.0.0.1 -c fsync=off", "-w", "-t", "60",
            "start");
        return server;
    }

    String url()
    {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + DATABASE_USER;
    }

    public void close() throws Exception
    {
        try
        {
            run(bin.resolve("pg_ctl").toString(), "-D", data(), "-m", "immediate", "-w", "-t", "60", "stop");
        }
        finally
        {
            try (Stream<Path> files = Files.walk(folder))
            {
                for (final Path file : files.sorted(Comparator.reverseOrder()).toList())
                {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private String data()
    {
        return folder.resolve("data").toString();
    }

    private void run(final String... command) throws Exception
    {
        final List<String> full = new ArrayList<>();
        if (runsAsRoot())
        {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(List.of(command));
        final Process process = new ProcessBuilder(full).redirectErrorStream(true)
            .redirectOutput(folder.resolve("commands.log").toFile()).start();
        if (!process.waitFor(90, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", full) + " did not finish in 90 s");
        }
        if (process.exitValue() != 0)
        {
            throw new IllegalStateException(String.join(" ", full) + " failed (" + process.exitValue() + "): " +
                Files.readString(folder.resolve("commands.log")));
        }
    }

    private static boolean runsAsRoot()
    {
        return "root".equals(System.getProperty("user.name"));
    }
}
