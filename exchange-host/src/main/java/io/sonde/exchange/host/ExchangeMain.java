package io.sonde.exchange.host;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.ExitCode;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.Option;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bundled exchange's own entry point: the options of {@code sonde exchange} ({@link ExchangeSpec}), without the
 * rest of the command line. The member processes Sonde starts run this class, so a build that runs the
 * three-member exchange needs this module and nothing of the {@code sonde} CLI.
 * <p>
 * Exit codes: 0 once stopped cleanly (Ctrl-C, SIGTERM), 2 for an option that is wrong or does not go with the
 * others (one line, nothing started), 3 when the exchange failed.
 */
public final class ExchangeMain
{
    private ExchangeMain()
    {
    }

    public static void main(final String[] args)
    {
        final PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        final PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(execute(List.of(args), out, err));
    }

    /**
     * Run the exchange the arguments ask for, until it is stopped.
     *
     * @return the exit code.
     */
    static int execute(final List<String> args, final PrintWriter out, final PrintWriter err)
    {
        if (args.contains("--help") || args.contains("-h"))
        {
            printHelp(out);
            return ExitCode.PASSED.code();
        }
        try
        {
            return ExchangeHost.run(parse(args), out);
        }
        catch (final InvalidOptionException ex)
        {
            err.println("sonde exchange: " + ex.getMessage());
            return ExitCode.BAD_USAGE.code();
        }
        catch (final Exception ex)
        {
            err.println("sonde exchange: failed: " + ex.getMessage() + " (" + ex.getClass().getSimpleName() + ")");
            return ExitCode.NOT_CARRIED_OUT.code();
        }
    }

    /**
     * {@code --name value}, {@code --name=value} or a flag's {@code --name}; a repeatable option's values given
     * one after the other, as the command line takes them.
     *
     * @throws InvalidOptionException naming an unknown option, a missing value or a wrong one.
     */
    static ExchangeSpec parse(final List<String> args)
    {
        final ExchangeSpec.Builder builder = ExchangeSpec.builder();
        final Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++)
        {
            final String arg = args.get(i);
            if (!arg.startsWith("--"))
            {
                throw new InvalidOptionException("'" + arg + "' is not an option (options: " +
                    String.join(", ", builder.optionNames()) + ")");
            }
            final int equals = arg.indexOf('=');
            final String name = equals < 0 ? arg : arg.substring(0, equals);
            final Option<?> option = option(builder, name);
            final String value;
            if (equals >= 0)
            {
                value = arg.substring(equals + 1);
            }
            else if (option.isFlag())
            {
                value = "true";
            }
            else if (i + 1 < args.size())
            {
                value = args.get(++i);
            }
            else
            {
                throw new InvalidOptionException(name + " needs a value");
            }
            given.merge(option.name(), value, (before, more) -> option.isRepeatable() ? before + "," + more : more);
        }
        given.forEach(builder::set);
        return builder.build();
    }

    private static Option<?> option(final ExchangeSpec.Builder builder, final String typed)
    {
        final String name = typed.substring(2);
        return builder.options().stream().filter(option -> option.name().equals(name)).findFirst()
            .orElseThrow(() -> new InvalidOptionException("unknown option '" + typed + "' (options: " +
                String.join(", ", builder.optionNames()) + ")"));
    }

    private static void printHelp(final PrintWriter out)
    {
        out.println("Usage: " + ExchangeMain.class.getName() + " [OPTIONS]");
        out.println("The bundled exchange: an Artio FIX 4.4 gateway in front of an Aeron Cluster price-time " +
            "matching engine, as 'sonde exchange' runs it.");
        for (final Option<?> option : ExchangeSpec.OPTIONS)
        {
            out.println("  " + option + option.label().map(label -> " " + label).orElse(""));
            out.println("      " + option.help());
        }
        out.flush();
    }
}
