package io.sonde.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link PausableMain} in a JVM of its own, started from this JVM's java with the options given (e.g. a
 * {@code -javaagent}), its output in files so it never blocks on a full pipe. Closing it destroys the process.
 */
public final class ForkedJvm implements AutoCloseable
{
    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private ForkedJvm(final Process process, final Path stdout, final Path stderr)
    {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /**
     * @param folder     where the JVM's output files go.
     * @param sleepMs    how long the JVM runs before it exits by itself.
     * @param jvmOptions options before the main class, e.g. {@code -javaagent:...}.
     */
    public static ForkedJvm start(final Path folder, final long sleepMs, final String... jvmOptions)
        throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx64m");
        command.addAll(List.of(jvmOptions));
        command.add("-cp");
        command.add(Path.of(PausableMain.class.getProtectionDomain().getCodeSource().getLocation().getPath())
            .toString());
        command.add(PausableMain.class.getName());
        command.add(Long.toString(sleepMs));
        Files.createDirectories(folder);
        final Path stdout = Files.createTempFile(folder, "jvm-", ".out");
        final Path stderr = Files.createTempFile(folder, "jvm-", ".err");
        final Process process = new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
        return new ForkedJvm(process, stdout, stderr);
    }

    public long pid()
    {
        return process.pid();
    }

    /**
     * Wait until the JVM has started its main method, which is also when it can safely be attached to.
     */
    public ForkedJvm awaitReady(final long timeoutMs) throws IOException, InterruptedException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (!stdout().contains(PausableMain.READY))
        {
            if (!process.isAlive() || System.currentTimeMillis() > deadline)
            {
                throw new IllegalStateException("the forked JVM did not get ready: " + this);
            }
            Thread.sleep(20);
        }
        return this;
    }

    /**
     * @return the exit code once the JVM has exited by itself.
     */
    public int awaitExit(final long timeoutMs) throws InterruptedException
    {
        if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS))
        {
            throw new IllegalStateException("the forked JVM did not exit within " + timeoutMs + " ms: " + this);
        }
        return process.exitValue();
    }

    /**
     * Ask the JVM to exit as a user would (SIGTERM), so its shutdown hooks run, and wait for it.
     */
    public int terminate(final long timeoutMs) throws InterruptedException
    {
        process.destroy();
        return awaitExit(timeoutMs);
    }

    public String stdout() throws IOException
    {
        return Files.readString(stdout);
    }

    public String stderr() throws IOException
    {
        return Files.readString(stderr);
    }

    public void close() throws InterruptedException
    {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    public String toString()
    {
        try
        {
            return "pid " + pid() + (process.isAlive() ? " running" : " exited " + process.exitValue()) +
                ", stdout: " + stdout() + ", stderr: " + stderr();
        }
        catch (final IOException ex)
        {
            return "pid " + pid() + " (output unreadable: " + ex.getMessage() + ")";
        }
    }
}
