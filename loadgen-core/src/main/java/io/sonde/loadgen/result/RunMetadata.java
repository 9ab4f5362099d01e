package io.sonde.loadgen.result;

import io.sonde.loadgen.host.HostFacts;
import io.sonde.loadgen.idle.ThreadLayout;

import java.time.Instant;
import java.util.List;

/**
 * The configuration disclosure written with every result: what ran, how, and on what.
 *
 * @param sondeVersion the version of Sonde that produced the result.
 * @param commandLine  the arguments Sonde was started with.
 * @param startedAt    wall-clock start of the run.
 * @param threadLayout the process's busy threads, what each ran and how they waited.
 * @param host         host and JVM facts.
 */
public record RunMetadata(
    String sondeVersion, List<String> commandLine, String startedAt, ThreadLayout threadLayout, HostFacts host)
{
    public static RunMetadata capture(
        final List<String> commandLine, final long startEpochMs, final ThreadLayout threadLayout)
    {
        return new RunMetadata(
            currentVersion(),
            List.copyOf(commandLine),
            Instant.ofEpochMilli(startEpochMs).toString(),
            threadLayout,
            HostFacts.read());
    }

    private static String currentVersion()
    {
        final String version = RunMetadata.class.getPackage().getImplementationVersion();
        return version != null ? version : "development";
    }
}
