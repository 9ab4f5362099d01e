package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The options a run and a sweep share beyond the load and its limits ({@link LoadBuilder}): the warm-up, the repeat,
 * the faults and the output folder, each set on the command's own option of that name.
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class MeasuredLoadBuilder<B extends MeasuredLoadBuilder<B>> extends LoadBuilder<B>
{
    private final MeasuredLoadSpec.Own own;

    MeasuredLoadBuilder(final List<Option<?>> options, final MeasuredLoadSpec.Own own)
    {
        super(options);
        this.own = own;
    }

    /**
     * @param warmup sent and logged before measuring (before each step's, in a sweep), not reported.
     * @return this builder.
     */
    public final B warmup(final Duration warmup)
    {
        return with(own.warmup(), warmup);
    }

    /**
     * @param runs how many times the load is measured after the one warm-up (each step, in a sweep), back to back,
     *             each run its own interval log; at least 1.
     * @return this builder.
     */
    public final B repeat(final int runs)
    {
        return with(own.repeat(), runs);
    }

    /**
     * @param fault applied at its time into the measured window (each step's, in a sweep), after those added before.
     * @return this builder.
     */
    public final B fault(final Fault fault)
    {
        return append(own.fault(), fault);
    }

    /**
     * @param out the output folder, created if need be.
     * @return this builder.
     */
    public final B out(final Path out)
    {
        return with(own.out(), out);
    }
}
