package io.sonde.scenarios.acceptor;

import io.sonde.fix.client.acceptor.ReferenceAcceptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code sonde acceptor}: the reference FIX acceptor on loopback, to measure what Sonde's client costs
 * before pointing it at a real system.
 */
@Command(
    name = "acceptor",
    description = {
        "Run Sonde's reference FIX 4.4 acceptor on 127.0.0.1: acknowledges every order (IOC orders fill at " +
            "once), confirms cancels and replaces, no matching. A counterparty that costs almost nothing, " +
            "to measure the client itself.",
        "Prints a READY line once it accepts logons; stops on Ctrl-C or SIGTERM."
    },
    mixinStandardHelpOptions = true)
public final class AcceptorCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--port", defaultValue = "9878", description = "Port on 127.0.0.1 (default: ${DEFAULT-VALUE}).")
    private int port;

    public Integer call() throws InterruptedException
    {
        final String password = System.getenv("SONDE_ACCEPTOR_PASSWORD");
        final CountDownLatch stopped = new CountDownLatch(1);
        final CountDownLatch closed = new CountDownLatch(1);
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(password, port))
        {
            // The JVM exits once the hook returns: wait (bounded) for the acceptor to close cleanly first.
            Runtime.getRuntime().addShutdownHook(new Thread(() ->
            {
                stopped.countDown();
                awaitQuietly(closed);
            }, "sonde-acceptor-stop"));
            spec.commandLine().getOut().printf("sonde acceptor: READY on 127.0.0.1:%d (%s)%n", acceptor.port(),
                password == null ? "any password" : "password from SONDE_ACCEPTOR_PASSWORD");
            spec.commandLine().getOut().flush();
            stopped.await();
        }
        finally
        {
            closed.countDown();
        }
        return 0;
    }

    private static void awaitQuietly(final CountDownLatch latch)
    {
        try
        {
            latch.await(10, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
