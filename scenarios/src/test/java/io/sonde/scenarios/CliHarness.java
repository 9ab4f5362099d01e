package io.sonde.scenarios;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs {@code sonde} in-process and keeps what it printed.
 */
public final class CliHarness
{
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

    public String toString()
    {
        return "exit " + exitCode + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
