package io.sonde.agent;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The Java agent: {@code -javaagent:sonde-agent.jar=out=DIR[,resolution=1ms][,interval=1s][,name=NAME]} at
 * start-up, or loaded into a running JVM by {@code sonde hiccup --pid N}. It records the JVM's hiccups into
 * {@code DIR/NAME.hiccup.hlog} until the JVM exits.
 * <p>
 * It must never harm the JVM it measures: a mistake in its options, or a folder it cannot write, is printed on
 * that JVM's standard error and the JVM carries on without it (an exception thrown from {@code premain} would
 * abort the JVM's start).
 */
public final class HiccupAgent
{
    private static HiccupRecording recording;

    private HiccupAgent()
    {
    }

    public static void premain(final String argument)
    {
        start(argument);
    }

    public static void agentmain(final String argument)
    {
        start(argument);
    }

    private static synchronized void start(final String argument)
    {
        try
        {
            final AgentOptions options = AgentOptions.parse(argument, ProcessHandle.current().pid());
            if (recording != null)
            {
                System.err.println("sonde-agent: already recording hiccups to " + recording.logFile() +
                    "; not starting another recording");
                return;
            }
            recording = HiccupRecording.start(options);
            Runtime.getRuntime().addShutdownHook(new Thread(recording::close, "sonde-hiccup-last-interval"));
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("sonde-agent: not recording hiccups: " + ex.getMessage());
        }
        catch (final IOException | UncheckedIOException | SecurityException ex)
        {
            System.err.println("sonde-agent: not recording hiccups: cannot write the log: " + ex);
        }
    }
}
