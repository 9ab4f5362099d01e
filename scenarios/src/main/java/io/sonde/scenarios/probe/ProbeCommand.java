package io.sonde.scenarios.probe;

import io.sonde.api.ExitCode;
import io.sonde.api.Option;
import io.sonde.api.ProbeSpec;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileException;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.client.session.Credentials;
import io.sonde.probe.Probe;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.scenarios.cli.SpecOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code sonde probe}: the production canary. Everything about the venue, the order, the caps and the SLO
 * rules is in the config file; the command line only chooses how to run it.
 */
@Command(
    name = ProbeSpec.COMMAND,
    description = {
        "Send safe synthetic orders at a low rate to a FIX venue and watch latency SLOs, with Prometheus metrics.",
        "Caps, a kill-switch file and cancel-on-exit keep it from flooding, trading or leaving orders behind."
    },
    footer = {
        "",
        "Credentials come from --credentials FILE or SONDE_FIX_USERNAME/SONDE_FIX_PASSWORD, never the config.",
        "Exit codes: 0 SLO met (or stopped cleanly), 1 SLO breached or orders left open, 2 cannot run."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class ProbeCommand implements Callable<Integer>, SpecOptions.Taker
{
    private static final long PROBE_CLOSE_GRACE_MS = 30_000;

    @Spec
    private CommandSpec spec;

    public Integer call()
    {
        final ProbeSpec options = SpecOptions.applyTo(ProbeSpec.builder(), spec).build();
        final ProbeConfig config;
        final VenueProfile venue;
        final Credentials credentials;
        final ProbeMode mode;
        try
        {
            config = ProbeConfig.read(options.config());
            venue = options.venue().isEmpty() ? null : new VenueProfileReader().read(options.venue().get());
            Probe.clOrdIds(config, venue);
            credentials = credentials(options.credentialsFile().orElse(null), venue);
            mode = new ProbeMode(options.once().orElse(0), options.dryRun(), options.waitForWindow());
        }
        catch (final IllegalArgumentException | VenueProfileException ex)
        {
            spec.commandLine().getErr().println("sonde: probe cannot run: " + ex.getMessage());
            return ExitCode.BAD_USAGE.code();
        }

        // The probe's clean-up waits for the venue to confirm every cancel (its own bounds apply): leaving an order
        // behind is worse than a slow stop, so it gets the grace it needs rather than the usual few seconds.
        try (ShutdownLatch latch = new ShutdownLatch("sonde-probe", () ->
        {
        }, PROBE_CLOSE_GRACE_MS))
        {
            final AtomicBoolean stop = new AtomicBoolean();
            final Thread watcher = new Thread(() ->
            {
                try
                {
                    latch.awaitStop();
                    stop.set(true);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }, "sonde-probe-signal");
            watcher.setDaemon(true);
            watcher.start();
            return new Probe(config, mode, spec.commandLine().getOut())
                .venue(venue)
                .onReady(ReadyFile::announce)
                .run(credentials, stop::get)
                .code();
        }
    }

    /**
     * From {@code --credentials}, else the environment, else the venue profile; the password goes where the
     * profile says.
     */
    private static Credentials credentials(final Path credentialsFile, final VenueProfile venue)
    {
        final Credentials given = credentialsFile != null ?
            Credentials.fromFile(credentialsFile) : Credentials.fromEnvironment(System.getenv());
        return venue == null ? given : venue.credentials(given);
    }

    public List<Option<?>> specOptions()
    {
        return ProbeSpec.OPTIONS;
    }
}
