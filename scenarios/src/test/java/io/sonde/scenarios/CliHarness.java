package io.sonde.scenarios;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code sonde} in-process and keeps what it printed.
 */
public final class CliHarness
{
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

    public static CliHarness run(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliHarness(exitCode, out.toString(), err.toString());
    }

    /**
     * For tests of a sweep's mechanics, not of this host: a shared 2-vCPU VM running a parallel build stalls for
     * tens of milliseconds, which a sweep's default thresholds (rightly) call generator-limited or rate-missed.
     *
     * @return {@code args} with thresholds no host stall reaches.
     */
    public static String[] toleratingHostJitter(final String... args)
    {
        final List<String> all = new ArrayList<>(List.of(args));
        all.addAll(HOST_JITTER_TOLERATED);
        return all.toArray(new String[0]);
    }

    public String toString()
    {
        return "exit " + exitCode + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
