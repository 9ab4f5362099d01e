package io.sonde.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The production probe, as {@code sonde probe} takes it: how to run it. Everything about the venue, the order, the
 * caps and the SLO rules is in its config file ({@link #CONFIG}); the options here only choose how it runs.
 */
public final class ProbeSpec
{
    /** The command's name. */
    public static final String COMMAND = "probe";

    public static final Option<Path> CONFIG = Option.path("config", "FILE", "The probe's properties file.")
        .required();
    public static final Option<Path> CREDENTIALS = FixLoad.CREDENTIALS;
    public static final Option<Path> VENUE = FixLoad.VENUE.describedAs("Venue profile (YAML; " +
        "docs/venue-profiles.md): the FIX version, sub IDs and the extra fields each order and cancel carries; " +
        "credentials when neither --credentials nor the environment gives them. The probe's config keeps its own " +
        "CompIDs, symbol, account and caps.");
    public static final Option<Integer> ONCE = Option.count("once", "N", 1,
        "Send N probe orders, then exit 0 (SLO met), 1 (breached) or 2 (cannot run).");
    public static final Option<Boolean> DRY_RUN = Option.flag("dry-run",
        "Log each order that would be sent; open no FIX session.");
    public static final Option<Boolean> WAIT_FOR_WINDOW = Option.flag("wait-for-window",
        "With --once outside schedule.window: wait for the window to open instead of exiting 2.");

    /** Every option of {@code sonde probe}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = List.of(CONFIG, CREDENTIALS, VENUE, ONCE, DRY_RUN,
        WAIT_FOR_WINDOW);

    private final OptionValues values;

    private ProbeSpec(final OptionValues values)
    {
        this.values = values;
    }

    /**
     * @return a builder with every option at its command-line default; {@link Builder#config} must be given.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    public Path config()
    {
        return values.get(CONFIG);
    }

    /**
     * @return the credentials file given; without one, the environment's, else the venue profile's.
     */
    public Optional<Path> credentialsFile()
    {
        return values.given(CREDENTIALS);
    }

    public Optional<Path> venue()
    {
        return values.given(VENUE);
    }

    /**
     * @return the probe orders to send before exiting; empty to run until stopped.
     */
    public Optional<Integer> once()
    {
        return values.given(ONCE);
    }

    public boolean dryRun()
    {
        return values.get(DRY_RUN);
    }

    public boolean waitForWindow()
    {
        return values.get(WAIT_FOR_WINDOW);
    }

    /**
     * @return the options of {@code sonde probe} that reproduce this spec (without the command's name).
     */
    public List<String> arguments()
    {
        return values.arguments();
    }

    public boolean equals(final Object other)
    {
        return other instanceof ProbeSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + COMMAND + " " + values;
    }

    /**
     * Builds a {@link ProbeSpec}.
     */
    public static final class Builder extends SpecBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        /**
         * @param config the probe's properties file.
         * @return this builder.
         */
        public Builder config(final Path config)
        {
            return with(CONFIG, config);
        }

        /**
         * @param credentialsFile properties file with {@code username=} and {@code password=} lines.
         * @return this builder.
         */
        public Builder credentialsFile(final Path credentialsFile)
        {
            return with(CREDENTIALS, credentialsFile);
        }

        /**
         * @param venue a venue profile (YAML).
         * @return this builder.
         */
        public Builder venue(final Path venue)
        {
            return with(VENUE, venue);
        }

        /**
         * @param orders probe orders to send before exiting with the verdict's exit code.
         * @return this builder.
         */
        public Builder once(final int orders)
        {
            return with(ONCE, orders);
        }

        /**
         * @param dryRun log each order that would be sent and open no FIX session.
         * @return this builder.
         */
        public Builder dryRun(final boolean dryRun)
        {
            return with(DRY_RUN, dryRun);
        }

        /**
         * @param waitForWindow with {@link #once} outside the trading window: wait for it to open.
         * @return this builder.
         */
        public Builder waitForWindow(final boolean waitForWindow)
        {
            return with(WAIT_FOR_WINDOW, waitForWindow);
        }

        /**
         * @return the probe's options, every one checked.
         * @throws InvalidOptionException naming the option that is wrong, or {@code --config} when not given.
         */
        public ProbeSpec build()
        {
            return new ProbeSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
