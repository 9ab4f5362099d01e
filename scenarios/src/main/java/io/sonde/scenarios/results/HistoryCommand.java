package io.sonde.scenarios.results;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sonde history}: what earlier runs and sweeps measured.
 */
@Command(
    name = "history",
    description = {
        "Show the results history: every 'sonde run' and 'sonde sweep' is recorded (unless --no-history) with its " +
            "scenario, labels, percentiles and interval logs. 'sonde report RUN-ID' reports a recorded run exactly " +
            "as its folder."
    },
    mixinStandardHelpOptions = true,
    subcommands = { HistoryListCommand.class, HistoryShowCommand.class, HistoryTrendCommand.class })
public final class HistoryCommand implements Runnable
{
    @Spec
    private CommandSpec spec;

    public void run()
    {
        throw new ParameterException(spec.commandLine(), "name what to show: list, show ID or trend");
    }
}
