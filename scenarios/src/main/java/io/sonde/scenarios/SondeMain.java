package io.sonde.scenarios;

import io.sonde.api.InvalidOptionException;
import io.sonde.history.HistoryException;
import io.sonde.loadgen.runner.RunFailedException;
import io.sonde.report.ReportException;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.cli.UserError;
import io.sonde.scenarios.scenario.ScenarioDefaults;
import io.sonde.scenarios.verdict.Verdict;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * Entry point of the {@code sonde} launcher. Exit codes a pipeline can tell apart: 0 every check passed, 1 the
 * system under test missed an objective (an SLO, the error rate, the rate, a regression), 2 the command line or
 * an input was wrong, 3 the command could not be carried out (target unreachable, logon refused, Sonde itself
 * fell behind so the result is void, or it failed), 143 a run, sweep or replay stopped by SIGTERM (130 by Ctrl-C).
 * Errors print one clear line, not a stack trace.
 */
public final class SondeMain
{
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_NOT_CARRIED_OUT = Verdict.EXIT_VOID;

    private SondeMain()
    {
    }

    public static void main(final String[] args)
    {
        final int exitCode = execute(args);
        // Stopped by a signal: its shutdown is under way, and the JVM exits with the signal's own code (143 after
        // SIGTERM, 130 after Ctrl-C) once the hooks have run; an exit of our own here could race it.
        if (exitCode != Verdict.EXIT_STOPPED)
        {
            System.exit(exitCode);
        }
    }

    public static int execute(final String... args)
    {
        return execute(commandLine(), args);
    }

    /**
     * Run the command line in this JVM with its console sent to the given writers; what tests call.
     *
     * @return the exit code.
     */
    public static int execute(final PrintWriter out, final PrintWriter err, final String... args)
    {
        return execute(commandLine().setOut(out).setErr(err), args);
    }

    /**
     * A scenario file's fields become the options' defaults before the command line is parsed, so that what is
     * typed overrides them; a bad file is reported, every problem in it, before anything runs.
     */
    private static int execute(final CommandLine commandLine, final String... args)
    {
        try
        {
            ScenarioDefaults.install(commandLine, args);
        }
        catch (final UserError ex)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return EXIT_USAGE;
        }
        return commandLine.execute(args);
    }

    private static CommandLine commandLine()
    {
        final CommandLine commandLine = new CommandLine(new SondeCommand());
        SpecOptions.install(commandLine);
        commandLine.setExecutionExceptionHandler(SondeMain::onError);
        return commandLine;
    }

    private static int onError(final Exception ex, final CommandLine commandLine, final CommandLine.ParseResult parsed)
    {
        if (ex instanceof UserError || ex instanceof InvalidOptionException || ex instanceof ReportException ||
            ex instanceof HistoryException)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return EXIT_USAGE;
        }
        if (ex instanceof RunFailedException)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return EXIT_NOT_CARRIED_OUT;
        }
        commandLine.getErr().println("sonde: " + commandLine.getCommandName() + " failed: " + describe(ex));
        if (Boolean.getBoolean("sonde.stacktraces"))
        {
            ex.printStackTrace(commandLine.getErr());
        }
        return EXIT_NOT_CARRIED_OUT;
    }

    private static String describe(final Throwable ex)
    {
        final String message = ex.getMessage();
        return message != null ? message + " (" + ex.getClass().getSimpleName() + ")" : ex.getClass().getName();
    }
}
