package io.sonde.scenarios;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs {@code sonde} in-process and keeps what it printed.
 */
public final class CliHarness
{
    private static final Set<String> GENERATOR_LIMITS = Set.of("--max-send-lateness", "--max-hiccup", "--max-miss");
    private static final List<String> HOST_JITTER_TOLERATED =
        List.of("--max-send-lateness", "1s", "--max-hiccup", "1s", "--max-miss", "10");

    public final int exitCode;
    public final String out;
    public final String err;

    private CliHarness(final int exitCode, final String out, final String err)
    {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    /**
     * Run the command line as a user would, with every default limit.
     */
    public static CliHarness run(final String... args)
    {
        return execute(args);
    }

    /**
     * A {@code run}, {@code sweep} or {@code replay} that tests Sonde's mechanics (what is sent, written and
     * reported), not this host: Sonde's own limits (send lateness, hiccups, the rate missed) are set where no host
     * stall reaches, unless the test sets one itself. Short runs, most with no warm-up, on a shared 2-vCPU VM that
     * runs a parallel build stall for tens of milliseconds, which the default limits rightly call void; a test of
     * the limits, or of a verdict, uses {@link #run} instead.
     */
    public static CliHarness runMechanics(final String... args)
    {
        final List<String> all = new ArrayList<>(List.of(args));
        if (all.stream().noneMatch(GENERATOR_LIMITS::contains))
        {
            all.addAll(HOST_JITTER_TOLERATED);
        }
        return execute(all.toArray(new String[0]));
    }

    private static CliHarness execute(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliHarness(exitCode, out.toString(), err.toString());
    }

    public String toString()
    {
        return "exit " + exitCode + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
