package io.sonde.fix.client.venue;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A venue that persists its sequence numbers, fresh for each test, and the child JVM a test may start (and kill,
 * to play a crash): after the test both are gone, however it ended. Register it with {@code @RegisterExtension}.
 */
public final class VenueWithChild implements BeforeEachCallback, AfterEachCallback
{
    private static final long CHILD_EXIT_SECONDS = 30;

    private Path folder;
    private PersistentVenue venue;
    private Process child;

    public void beforeEach(final ExtensionContext context) throws IOException
    {
        folder = Files.createTempDirectory("sonde-venue");
        venue = PersistentVenue.open(sequenceFile());
        child = null;
    }

    public void afterEach(final ExtensionContext context) throws IOException, InterruptedException
    {
        if (child != null && child.isAlive())
        {
            child.destroyForcibly().waitFor(CHILD_EXIT_SECONDS, TimeUnit.SECONDS);
        }
        venue.close();
        try (Stream<Path> files = Files.walk(folder))
        {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    public PersistentVenue venue()
    {
        return venue;
    }

    /**
     * Open the venue again on its file and port, as a venue restarted under its clients would be.
     */
    public void reopenVenue()
    {
        venue = PersistentVenue.open(sequenceFile(), venue.port());
    }

    /**
     * Restart the venue remembering other sequence numbers than the client's: a client whose state is lost.
     *
     * @param nextSent     the next MsgSeqNum the venue will send.
     * @param nextExpected the next MsgSeqNum the venue expects.
     */
    public void restartVenueRemembering(final int nextSent, final int nextExpected) throws IOException
    {
        venue.close();
        Files.writeString(sequenceFile(), nextSent + " " + nextExpected + "\n");
        venue = PersistentVenue.open(sequenceFile());
    }

    /**
     * Start the test's child JVM; it is killed after the test if still alive.
     */
    public Process start(final ProcessBuilder builder) throws IOException
    {
        child = builder.start();
        return child;
    }

    /**
     * @return the child started last, or null.
     */
    public Process child()
    {
        return child;
    }

    private Path sequenceFile()
    {
        return folder.resolve("venue.seqnums");
    }
}
