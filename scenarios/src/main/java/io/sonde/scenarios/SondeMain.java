package io.sonde.scenarios;

import io.sonde.api.ExitCode;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.NearestName;
import io.sonde.history.HistoryException;
import io.sonde.api.RunFailedException;
import io.sonde.report.ReportException;
import io.sonde.scenarios.cli.UserError;
import io.sonde.scenarios.scenario.ScenarioDefaults;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;

/**
 * Entry point of the {@code sonde} launcher. It exits with the codes of the API's {@link ExitCode}, which a
 * pipeline can tell apart: a wrong command line or input is {@link ExitCode#BAD_USAGE}, a command that could not
 * be carried out {@link ExitCode#NOT_CARRIED_OUT}, and a command that judged a result the exit code of its
 * verdict. Errors print one clear line, not a stack trace.
 */
public final class SondeMain
{
    private SondeMain()
    {
    }

    public static void main(final String[] args)
    {
        final int exitCode = execute(args);
        // Stopped by a signal: its shutdown is under way, and the JVM exits with the signal's own code (143 after
        // SIGTERM, 130 after Ctrl-C) once the hooks have run; an exit of our own here could race it.
        if (exitCode != ExitCode.STOPPED.code())
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
            return ExitCode.BAD_USAGE.code();
        }
        return commandLine.execute(args);
    }

    private static CommandLine commandLine()
    {
        final CommandLine commandLine = new CommandLine(new SondeCommand());
        commandLine.setExecutionExceptionHandler(SondeMain::onError);
        commandLine.setParameterExceptionHandler(SondeMain::onBadUsage);
        commandLine.setExecutionStrategy(SondeMain::refuseUnmatchedThenRun);
        return commandLine;
    }

    /**
     * Picocli lets {@code --help} win over a word it did not recognise, so that {@code sonde market --help} would
     * print the top-level help and exit 0 as if the command existed; the word is refused first instead.
     */
    private static int refuseUnmatchedThenRun(final CommandLine.ParseResult parsed)
    {
        for (CommandLine.ParseResult command = parsed; command != null; command = command.subcommand())
        {
            if (!command.unmatched().isEmpty())
            {
                throw new CommandLine.UnmatchedArgumentException(command.commandSpec().commandLine(),
                    command.unmatched());
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /**
     * A refused option prints one line and where the help is, not the whole help after it: the help of a command
     * with many options would push the one line that matters off the screen.
     */
    private static int onBadUsage(final CommandLine.ParameterException ex, final String[] args)
    {
        final CommandLine command = ex.getCommandLine();
        command.getErr().println("sonde: " + (ex instanceof CommandLine.UnmatchedArgumentException unmatched &&
            !unmatched.getUnmatched().isEmpty() ? unknown(unmatched, unmatched.getUnmatched().get(0)) :
            ex.getMessage()));
        command.getErr().println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for its options.");
        return ExitCode.BAD_USAGE.code();
    }

    /**
     * @return what is wrong with the first word not recognised: an unknown option, or an unknown command, with the
     *         nearest name the command knows; Picocli's own message for an argument too many.
     */
    private static String unknown(final CommandLine.UnmatchedArgumentException ex, final String word)
    {
        final CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
        if (word.startsWith("-"))
        {
            final String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            final List<String> options = spec.options().stream().map(CommandLine.Model.OptionSpec::longestName)
                .toList();
            return "unknown option '" + name + "': did you mean '" + NearestName.nearest(options, name) + "'?";
        }
        final Set<String> commands = spec.subcommands().keySet();
        if (commands.isEmpty())
        {
            return ex.getMessage();
        }
        return "unknown command '" + word + "': did you mean '" + NearestName.nearest(commands, word) +
            "'? (commands: " + String.join(", ", commands) + ")";
    }

    private static int onError(final Exception ex, final CommandLine commandLine, final CommandLine.ParseResult parsed)
    {
        if (ex instanceof UserError || ex instanceof InvalidOptionException || ex instanceof ReportException ||
            ex instanceof HistoryException)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return ExitCode.BAD_USAGE.code();
        }
        if (ex instanceof RunFailedException || ex instanceof io.sonde.api.RunFailedException)
        {
            commandLine.getErr().println("sonde: " + ex.getMessage());
            return ExitCode.NOT_CARRIED_OUT.code();
        }
        commandLine.getErr().println("sonde: " + commandLine.getCommandName() + " failed: " + describe(ex));
        if (Boolean.getBoolean("sonde.stacktraces"))
        {
            ex.printStackTrace(commandLine.getErr());
        }
        return ExitCode.NOT_CARRIED_OUT.code();
    }

    private static String describe(final Throwable ex)
    {
        final String message = ex.getMessage();
        return message != null ? message + " (" + ex.getClass().getSimpleName() + ")" : ex.getClass().getName();
    }
}
