package io.sonde.scenarios.acceptor;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.IdleMode;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.scenarios.cli.ChoiceConverters;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.host.ShutdownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code sonde acceptor}: the reference FIX acceptor on loopback, to measure what Sonde's client costs
 * before pointing it at a real system.
 */
@Command(
    name = "acceptor",
    description = {
        "Run Sonde's reference FIX 4.4 acceptor (on 127.0.0.1 unless --bind says otherwise): acknowledges every " +
            "order (IOC orders fill at once), confirms cancels and replaces, no matching. A counterparty that " +
            "costs almost nothing, to measure the client itself.",
        "Prints a READY line once it accepts logons; stops on Ctrl-C or SIGTERM."
    },
    mixinStandardHelpOptions = true)
public final class AcceptorCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on; 0.0.0.0 for every " +
        "interface, as in a container that others reach by name (default: ${DEFAULT-VALUE}).")
    private String bindHost;

    @Option(names = "--port", defaultValue = "9878", description = "Port to listen on (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--idle", defaultValue = "auto", converter = ChoiceConverters.IdleModeConverter.class,
        description = "How the acceptor's one thread (library, engine, media driver and archive) waits: auto " +
            "busy-spins it when a core is free for it, else spin-window; or busy-spin, spin-window, backoff, " +
            "yield, sleep (default: ${DEFAULT-VALUE}).")
    private IdleMode idle;

    public Integer call() throws InterruptedException
    {
        final String password = System.getenv("SONDE_ACCEPTOR_PASSWORD");
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-acceptor");
            HostIdle mode = HostIdle.claim(idle, 1, spec.commandLine().getOut());
            ReferenceAcceptor acceptor = new ReferenceAcceptor(password, bindHost, port, mode.newStrategy()))
        {
            final String line = String.format("sonde acceptor: READY on %s:%d (%s; 1 busy thread, %s)",
                bindHost, acceptor.port(), password == null ? "any password" : "password from SONDE_ACCEPTOR_PASSWORD",
                mode.describe());
            spec.commandLine().getOut().println(line);
            spec.commandLine().getOut().flush();
            ReadyFile.announce(line);
            shutdown.awaitStop();
        }
        return 0;
    }
}
