package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run and a sweep share: a FIX load ({@link FixLoad}) judged on its limits ({@link Limits}), measured after a
 * warm-up, once or several times back to back ({@code --repeat}), with faults applied into its measured window (each
 * step's, in a sweep), its results written to a folder.
 * Each command gives these options its own help and defaults ({@link Own}); reading them, writing them back as
 * arguments and comparing two specs is done here once.
 */
abstract class MeasuredLoadSpec
{
    private final String command;
    private final Own own;
    private final OptionValues values;
    private final FixLoad load;
    private final Limits limits;

    /**
     * @param command the command's name, e.g. {@code run}.
     * @param own     the command's own warm-up, repeat, fault and output folder options.
     * @throws InvalidOptionException naming the load's options that are wrong or do not go together.
     */
    MeasuredLoadSpec(final String command, final Own own, final OptionValues values)
    {
        this.command = command;
        this.own = own;
        this.values = values;
        load = new FixLoad(values);
        limits = new Limits(values);
        checkRepeat();
        limits.slo().stream().filter(objective -> objective.series() == Slo.Series.TICK_TO_TRADE).findFirst()
            .ifPresent(objective ->
            {
                throw new InvalidOptionException("--slo " + objective.label() + " is measured by sonde market");
            });
    }

    /**
     * @return the rate option of a command, as its help explains it.
     */
    static Option<Double> rate(final String help)
    {
        return Option.rate("rate", help);
    }

    /**
     * @return the warm-up option of a command, zero or more.
     */
    static Option<Duration> warmup(final Duration byDefault, final String help)
    {
        return Option.duration("warmup", help).byDefault(byDefault).checked(warmup ->
        {
            if (warmup.isNegative())
            {
                throw new InvalidOptionException("--warmup must be zero or more: " + DurationText.format(warmup));
            }
        });
    }

    /**
     * @return the repeat option of a command: how many measured runs follow the one warm-up, 1 or more.
     */
    static Option<Integer> repeat(final String help)
    {
        return Option.count("repeat", "N", 1, help).byDefault(1);
    }

    /**
     * @return the output folder option of a command.
     */
    static Option<Path> out(final Path byDefault, final String help)
    {
        return Option.path("out", "FOLDER", help).byDefault(byDefault);
    }

    /**
     * @param ownOptions those of the command alone, after the load's.
     * @param defaultSlo the command's objectives unless given.
     * @return every option of the command, in the order of its help: the load's, its own, the limits', its faults
     *         and its output folder.
     */
    static List<Option<?>> options(final List<Option<?>> ownOptions, final List<Slo> defaultSlo, final Own own)
    {
        final List<Option<?>> options = new ArrayList<>(FixLoad.OPTIONS);
        options.addAll(ownOptions);
        options.addAll(Limits.options(defaultSlo));
        options.add(own.fault());
        options.add(own.out());
        return List.copyOf(options);
    }

    public FixLoad load()
    {
        return load;
    }

    public Limits limits()
    {
        return limits;
    }

    /**
     * @return sent and logged before measuring (before each step's measuring, in a sweep), not reported.
     */
    public Duration warmup()
    {
        return values.get(own.warmup());
    }

    /**
     * @return how many times the load is measured after the one warm-up (each step's, in a sweep), back to back,
     *         each run its own interval log: 1 for once.
     */
    public int repeat()
    {
        return values.get(own.repeat());
    }

    /**
     * @return the faults to apply, each at its time into the measured window (each step's, in a sweep), in the
     *         order given; empty for none.
     */
    public List<Fault> faults()
    {
        return values.get(own.fault());
    }

    public Path out()
    {
        return values.get(own.out());
    }

    /**
     * @return the options of the command that reproduce this spec (without the command's name), only those that
     *         differ from its defaults, and always the output folder, which the other process must write to where
     *         this one will read: what a run or sweep in another process or a container is given.
     */
    public List<String> arguments()
    {
        return arguments(own.out().write(out()));
    }

    /**
     * @param folder where the other process writes its results instead of {@link #out()}, as that process names
     *               it: e.g. {@code /results/run} inside a Linux container, which a {@link Path} of a Windows host
     *               would spell otherwise.
     * @return {@link #arguments()}, the output folder {@code folder}.
     */
    public List<String> arguments(final String folder)
    {
        final List<String> arguments = new ArrayList<>(values.argumentsWithout(own.out()));
        arguments.add(own.out().toString());
        arguments.add(folder);
        return List.copyOf(arguments);
    }

    public boolean equals(final Object other)
    {
        return other instanceof MeasuredLoadSpec spec && spec.command.equals(command) && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + command + " " + values;
    }

    /**
     * Repeated runs measure one load several times to see how the host moves between them, so each run must offer
     * the same load: faults, and stages that change the rate over the window, would make them differ on purpose.
     */
    private void checkRepeat()
    {
        if (repeat() > 1 && !faults().isEmpty())
        {
            throw new InvalidOptionException("--repeat measures the same load several times to see how the host " +
                "moves between runs, and --fault makes the runs differ on purpose: give one");
        }
        if (repeat() > 1 && load.stages().isPresent())
        {
            throw new InvalidOptionException("--repeat measures one rate several times, and --stages changes the " +
                "rate over the window: give one");
        }
    }

    /**
     * @return the values given and the command's defaults, for the command's own options.
     */
    final OptionValues values()
    {
        return values;
    }

    /**
     * The options every measured load has, as one command defines them: its help and defaults.
     */
    record Own(Option<Duration> warmup, Option<Integer> repeat, Option<List<Fault>> fault, Option<Path> out)
    {
    }
}
