package io.sonde.scenarios;

import io.sonde.scenarios.acceptor.AcceptorCommand;
import io.sonde.scenarios.doctor.DoctorCommand;
import io.sonde.scenarios.exchange.ExchangeCommand;
import io.sonde.scenarios.market.MarketCommand;
import io.sonde.scenarios.market.MarketSweepCommand;
import io.sonde.scenarios.hiccup.HiccupCommand;
import io.sonde.scenarios.probe.ProbeCommand;
import io.sonde.scenarios.results.HistoryCommand;
import io.sonde.scenarios.results.ReportCommand;
import io.sonde.scenarios.strategy.StrategyCommand;
import io.sonde.scenarios.sweep.SweepCommand;
import io.sonde.scenarios.calibrate.CalibrateCommand;
import io.sonde.scenarios.run.ReplayCommand;
import io.sonde.scenarios.run.RunCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code sonde} command: a subcommand per job.
 */
@Command(
    name = "sonde",
    description = {
        "Coordinated-omission-free load generator and latency probe for FIX trading systems.",
        "Every request has an intended start time from a schedule and latency is measured from it, so a stall " +
            "shows up in the tail instead of vanishing. Results are HdrHistogram interval logs (.hlog) and " +
            "summary.json files.",
        ""
    },
    mixinStandardHelpOptions = true,
    versionProvider = SondeVersion.class,
    subcommands = { CalibrateCommand.class, RunCommand.class, SweepCommand.class, MarketCommand.class,
        MarketSweepCommand.class, ReplayCommand.class,
        ReportCommand.class, HistoryCommand.class, ExchangeCommand.class, AcceptorCommand.class, ProbeCommand.class,
        DoctorCommand.class, HiccupCommand.class,
        StrategyCommand.class, HelpCommand.class },
    footer = {
        "",
        "Start with 'sonde calibrate' to measure this host's floor; 'sonde help <command>' explains each command.",
        "Exit codes: 0 every check passed, 1 an objective missed (SLO, error rate, rate, regression), " +
            "2 bad usage, 3 could not be carried out (target unreachable, logon refused, Sonde fell behind so the " +
            "result is void)."
    })
public final class SondeCommand implements Runnable
{
    @Spec
    private CommandSpec spec;

    public void run()
    {
        throw new ParameterException(spec.commandLine(), "name a command to run, e.g. 'sonde calibrate'");
    }
}
