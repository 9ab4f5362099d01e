package io.sonde.scenarios.cli;

import io.sonde.api.RunOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * How a long command ({@code run}, {@code sweep}, {@code replay}, {@code calibrate}) shows its progress: in place on
 * a terminal, a line every few seconds when its output is piped or logged (CI), nothing but the result with
 * {@code --quiet}. Errors go to standard error whatever is chosen.
 */
public final class ProgressOptions
{
    @Option(names = { "-q", "--quiet" }, description = "Print only the result (the tables, the checks and the " +
        "verdict, the files written), no progress or setup lines; errors still go to standard error.")
    private boolean quiet;

    /**
     * @return the options with the progress this command's output asks for: a terminal's when standard input and
     *         output are one ({@link System#console()}), a log's otherwise.
     */
    public RunOptions.Builder applyTo(final RunOptions.Builder options)
    {
        final RunOptions.Progress progress = progress(System.console() != null);
        options.progress(progress);
        if (progress == RunOptions.Progress.IN_PLACE)
        {
            options.columns(columns());
        }
        return options;
    }

    /**
     * @param terminal whether the output is a terminal.
     * @return how progress is shown.
     */
    RunOptions.Progress progress(final boolean terminal)
    {
        return quiet ? RunOptions.Progress.QUIET :
            terminal ? RunOptions.Progress.IN_PLACE : RunOptions.Progress.EVERY_FEW_SECONDS;
    }

    /**
     * @return the terminal's width: {@code COLUMNS} when the shell exports it, else as Picocli finds it for help
     *         (asking {@code stty}), else 80.
     */
    private static int columns()
    {
        final String exported = System.getenv("COLUMNS");
        if (exported != null && exported.matches("\\d{2,4}"))
        {
            return Math.max(RunOptions.Builder.DEFAULT_COLUMNS / 4, Integer.parseInt(exported));
        }
        return Math.max(RunOptions.Builder.DEFAULT_COLUMNS / 4, CommandSpec.create().usageMessage().autoWidth(true)
            .width());
    }
}
