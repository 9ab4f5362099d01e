package io.sonde.scenarios.acceptor;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.acceptor.StallCycle;
import io.sonde.api.AcceptorSpec;
import io.sonde.api.DurationText;
import io.sonde.api.Option;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.scenarios.cli.SpecOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sonde acceptor}: the reference FIX acceptor on loopback, to measure what Sonde's client costs
 * before pointing it at a real system.
 */
@Command(
    name = AcceptorSpec.COMMAND,
    description = {
        "Run Sonde's reference FIX 4.4 acceptor (on 127.0.0.1 unless --bind says otherwise): acknowledges every " +
            "order (IOC orders fill at once), confirms cancels and replaces, no matching. A counterparty that " +
            "costs almost nothing, to measure the client itself; or, with --delay, a slower one; or, with --stall, " +
            "one that pauses.",
        "Prints a READY line once it accepts logons; stops on Ctrl-C or SIGTERM."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class AcceptorCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    public Integer call() throws InterruptedException
    {
        final AcceptorSpec options = SpecOptions.applyTo(AcceptorSpec.builder(), spec).build();
        final String password = System.getenv("SONDE_ACCEPTOR_PASSWORD");
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-acceptor");
            HostIdle mode = HostIdle.claim(options.idle(), 1, spec.commandLine().getOut());
            ReferenceAcceptor acceptor = new ReferenceAcceptor(password, options.bind(), options.port(),
                mode.newStrategy(), options.delay(), options.stall()
                    .map(stall -> new StallCycle(stall.length(), stall.period())).orElse(StallCycle.NONE)))
        {
            final String line = String.format("sonde acceptor: READY on %s:%d (%s; 1 busy thread, %s%s%s)",
                options.bind(), acceptor.port(),
                password == null ? "any password" : "password from SONDE_ACCEPTOR_PASSWORD", mode.describe(),
                options.delay().isZero() ? "" : "; answers " + DurationText.format(options.delay()) + " late",
                options.stall().map(stall -> "; stalls " + DurationText.format(stall.length()) + " every " +
                    DurationText.format(stall.period())).orElse(""));
            spec.commandLine().getOut().println(line);
            spec.commandLine().getOut().flush();
            ReadyFile.announce(line);
            shutdown.awaitStop();
        }
        return 0;
    }

    public List<Option<?>> specOptions()
    {
        return AcceptorSpec.OPTIONS;
    }
}
