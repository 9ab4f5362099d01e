package io.sonde.api;

import java.util.List;
import java.util.Optional;

/**
 * {@code sonde doctor}, which assesses the host it runs on, and with {@link #PID} a running JVM as well.
 */
public final class DoctorSpec
{
    /** The command's name. */
    public static final String COMMAND = "doctor";

    public static final Option<Long> PID = Option.of("pid", "PID", DoctorSpec::pid,
        "Also assess the running JVM with this process id.");

    /** Every option of {@code sonde doctor}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = List.of(PID);

    private final OptionValues values;

    private DoctorSpec(final OptionValues values)
    {
        this.values = values;
    }

    /**
     * @return a builder that assesses the host only.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return the JVM to assess as well; empty for the host only.
     */
    public Optional<Long> pid()
    {
        return values.given(PID);
    }

    /**
     * @return the options of {@code sonde doctor} that reproduce this spec (without the command's name).
     */
    public List<String> arguments()
    {
        return values.arguments();
    }

    public boolean equals(final Object other)
    {
        return other instanceof DoctorSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + COMMAND + " " + values;
    }

    private static long pid(final String text)
    {
        try
        {
            return Long.parseLong(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("'" + text + "' is not a process id", ex);
        }
    }

    /**
     * Builds a {@link DoctorSpec}.
     */
    public static final class Builder extends SpecBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        /**
         * @param pid a running JVM of this user to assess as well.
         * @return this builder.
         */
        public Builder pid(final long pid)
        {
            return with(PID, pid);
        }

        /**
         * @return the doctor's options, checked.
         */
        public DoctorSpec build()
        {
            return new DoctorSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
