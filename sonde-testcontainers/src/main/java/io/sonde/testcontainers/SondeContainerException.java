package io.sonde.testcontainers;

import org.testcontainers.containers.GenericContainer;

import java.util.Arrays;
import java.util.List;

/**
 * A Sonde container did not do what it was asked: its command was refused, it wrote no result, or its results
 * could not be copied out. The message says what went wrong and ends with the container's logs (their start and
 * end when long), which hold the command line's own explanation.
 */
public final class SondeContainerException extends RuntimeException
{
    private static final long serialVersionUID = 1L;
    /** Lines quoted from the start of the container's logs. */
    static final int HEAD_LINES = 10;
    /** Lines quoted from the end of the container's logs. */
    static final int TAIL_LINES = 30;

    /**
     * @param message what went wrong, logs included.
     * @param cause   the underlying failure, or null.
     */
    public SondeContainerException(final String message, final Throwable cause)
    {
        super(message, cause);
    }

    /**
     * @param what      what went wrong, e.g. {@code sonde run exited 2 (bad usage)}.
     * @param container the container whose logs explain it.
     * @param cause     the underlying failure, or null.
     * @return an exception whose message is {@code what} followed by the container's logs, shortened.
     */
    static SondeContainerException withLogs(final String what, final GenericContainer<?> container,
        final Throwable cause)
    {
        return new SondeContainerException(what + "\n--- the container's logs (" + container.getDockerImageName() +
            ")\n" + shortLogs(container), cause);
    }

    /**
     * @return the container's logs: its first {@link #HEAD_LINES} lines (the command line prints a refused option
     *         there, before its usage) and last {@link #TAIL_LINES} (how a run ended), or why they could not be read.
     */
    static String shortLogs(final GenericContainer<?> container)
    {
        try
        {
            final List<String> lines = Arrays.asList(container.getLogs().split("\n"));
            if (lines.size() <= HEAD_LINES + TAIL_LINES)
            {
                return String.join("\n", lines);
            }
            return String.join("\n", lines.subList(0, HEAD_LINES)) + "\n[... " +
                (lines.size() - HEAD_LINES - TAIL_LINES) + " lines left out ...]\n" +
                String.join("\n", lines.subList(lines.size() - TAIL_LINES, lines.size()));
        }
        catch (final RuntimeException ex)
        {
            return "(logs unavailable: " + ex.getMessage() + ")";
        }
    }
}
