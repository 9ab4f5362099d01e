package io.sonde.scenarios;

import io.sonde.loadgen.runner.RunFailedException;
import io.sonde.scenarios.cli.UserError;
import io.sonde.scenarios.scenario.ScenarioDefaults;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * Entry point of the {@code sonde} launcher. Exit codes: 0 success, 1 the run failed (or an SLO was
 * breached), 2 the command line or an input was wrong. Errors print one clear line, not a stack trace.
 */
public final class SondeMain
{
    public static final int EXIT_RUN_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    private SondeMain()
    {
    }

    public static void main(final String[] args)
    {
        System.exit(execute(args));
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
        commandLine.setExecutionExceptionHandler(SondeMain::onError);
        return commandLine;
    }

    private static int onError(final Exception ex, final CommandLine commandLine, final CommandLine.ParseResult parsed)
    {
        if (ex instanceof UserError)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return EXIT_USAGE;
        }
        if (ex instanceof RunFailedException)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return EXIT_RUN_FAILED;
        }
        commandLine.getErr().println("sonde: " + commandLine.getCommandName() + " failed: " + describe(ex));
        if (Boolean.getBoolean("sonde.stacktraces"))
        {
            ex.printStackTrace(commandLine.getErr());
        }
        return EXIT_RUN_FAILED;
    }

    private static String describe(final Throwable ex)
    {
        final String message = ex.getMessage();
        return message != null ? message + " (" + ex.getClass().getSimpleName() + ")" : ex.getClass().getName();
    }
}
