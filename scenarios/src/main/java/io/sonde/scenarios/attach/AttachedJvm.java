package io.sonde.scenarios.attach;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.sonde.api.RunFailedException;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A running JVM of this user, attached to by its process id through the JDK's Attach API: what {@code sonde
 * hiccup} loads its agent through and {@code sonde doctor --pid} asks about the JVM's settings. Whatever keeps
 * the attach from working (no such process, not a JVM, another user's JVM, attach disabled) ends the command
 * with a {@link RunFailedException} naming the pid.
 */
public final class AttachedJvm implements AutoCloseable
{
    private static final int SIGQUIT = 3;

    private final long pid;
    private final VirtualMachine vm;

    private AttachedJvm(final long pid, final VirtualMachine vm)
    {
        this.pid = pid;
        this.vm = vm;
    }

    public static AttachedJvm attach(final long pid)
    {
        if (ProcessHandle.of(pid).isEmpty())
        {
            throw new RunFailedException("cannot attach to pid " + pid + ": no such process", null);
        }
        // The Attach API wakes a JVM with SIGQUIT, whose default action ends a process that does not catch it.
        // A JVM catches it from its start (unless run with -Xrs), so a process that does not is left alone.
        if (quitSignalIgnoredBy(pid))
        {
            throw new RunFailedException("cannot attach to pid " + pid + ": it is not a JVM that accepts attaching " +
                "(or was started with -Xrs, or has not finished starting)", null);
        }
        try
        {
            return new AttachedJvm(pid, VirtualMachine.attach(Long.toString(pid)));
        }
        catch (final AttachNotSupportedException | IOException ex)
        {
            throw new RunFailedException("cannot attach to pid " + pid + " (a JVM of this user without " +
                "-XX:+DisableAttachMechanism is needed): " + ex.getMessage(), ex);
        }
    }

    public long pid()
    {
        return pid;
    }

    /**
     * Load a Java agent into the JVM and run its {@code agentmain}.
     */
    public void loadAgent(final Path agentJar, final String argument)
    {
        try
        {
            vm.loadAgent(agentJar.toString(), argument);
        }
        catch (final AgentLoadException | AgentInitializationException | IOException ex)
        {
            throw new RunFailedException("pid " + pid + " did not start the agent " + agentJar + ": " +
                ex.getMessage() + " (that JVM's standard error may say more)", ex);
        }
    }

    /**
     * Start the JVM's local-only JMX agent, as jconsole does, or find the one already running.
     *
     * @return the address of its JMX connector.
     */
    public String localManagementAddress()
    {
        try
        {
            return vm.startLocalManagementAgent();
        }
        catch (final IOException ex)
        {
            throw new RunFailedException("pid " + pid + " did not start its local management agent: " +
                ex.getMessage(), ex);
        }
    }

    public void close()
    {
        try
        {
            vm.detach();
        }
        catch (final IOException ignored)
        {
            // The JVM went away after answering; there is nothing left to release.
        }
    }

    private static boolean quitSignalIgnoredBy(final long pid)
    {
        // SigCgt is a hex mask of the signals the process catches, bit n - 1 for signal n.
        return caughtSignals(pid).map(mask -> !mask.testBit(SIGQUIT - 1)).orElse(false);
    }

    private static Optional<BigInteger> caughtSignals(final long pid)
    {
        try
        {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith("SigCgt:"))
                .map(line -> new BigInteger(line.substring("SigCgt:".length()).trim(), 16))
                .findFirst();
        }
        catch (final IOException | NumberFormatException ex)
        {
            // No /proc (not Linux) or no permission: the attach itself will tell.
            return Optional.empty();
        }
    }
}
