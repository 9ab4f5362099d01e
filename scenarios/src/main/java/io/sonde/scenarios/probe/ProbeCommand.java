package io.sonde.scenarios.probe;

import io.sonde.api.ExitCode;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileException;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.client.session.Credentials;
import io.sonde.probe.Probe;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.host.ShutdownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code sonde probe}: the production canary. Everything about the venue, the order, the caps and the SLO
 * rules is in the config file; the command line only chooses how to run it.
 */
@Command(
    name = "probe",
    description = {
        "Send safe synthetic orders at a low rate to a FIX venue and watch latency SLOs, with Prometheus metrics.",
        "Caps, a kill-switch file and cancel-on-exit keep it from flooding, trading or leaving orders behind."
    },
    footer = {
        "",
        "Credentials come from --credentials FILE or SONDE_FIX_USERNAME/SONDE_FIX_PASSWORD, never the config.",
        "Exit codes: 0 SLO met (or stopped cleanly), 1 SLO breached or orders left open, 2 cannot run."
    },
    mixinStandardHelpOptions = true)
public final class ProbeCommand implements Callable<Integer>
{
    private static final long PROBE_CLOSE_GRACE_MS = 30_000;

    @Spec
    private CommandSpec spec;

    @Option(names = "--config", required = true, description = "The probe's properties file.")
    private Path configFile;

    @Option(names = "--credentials", description = "Properties file with username= and password= lines.")
    private Path credentialsFile;

    @Option(names = "--venue", description = "Venue profile (YAML; docs/venue-profiles.md): the FIX version, sub " +
        "IDs and the extra fields each order and cancel carries; credentials when neither --credentials nor the " +
        "environment gives them. The probe's config keeps its own CompIDs, symbol, account and caps.")
    private Path venueFile;

    @Option(names = "--once", paramLabel = "N",
        description = "Send N probe orders, then exit 0 (SLO met), 1 (breached) or 2 (cannot run).")
    private int onceOrders;

    @Option(names = "--dry-run", description = "Log each order that would be sent; open no FIX session.")
    private boolean dryRun;

    @Option(names = "--wait-for-window",
        description = "With --once outside schedule.window: wait for the window to open instead of exiting 2.")
    private boolean waitForWindow;

    public Integer call()
    {
        final ProbeConfig config;
        final VenueProfile venue;
        final Credentials credentials;
        final ProbeMode mode;
        try
        {
            config = ProbeConfig.read(configFile);
            venue = venueFile == null ? null : new VenueProfileReader().read(venueFile);
            Probe.clOrdIds(config, venue);
            credentials = credentials(venue);
            mode = new ProbeMode(onceOrders, dryRun, waitForWindow);
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
    private Credentials credentials(final VenueProfile venue)
    {
        final Credentials given = credentialsFile != null ?
            Credentials.fromFile(credentialsFile) : Credentials.fromEnvironment(System.getenv());
        return venue == null ? given : venue.credentials(given);
    }
}
