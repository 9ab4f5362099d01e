package io.sonde.exchange.host;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/**
 * {@link ExchangeMain} run in this JVM, its output captured: for arguments it refuses before anything starts.
 */
final class MainHarness
{
    final int exitCode;
    final String out;
    final String err;

    private MainHarness(final int exitCode, final String out, final String err)
    {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static MainHarness run(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exitCode = ExchangeMain.execute(List.of(args), new PrintWriter(out, true),
            new PrintWriter(err, true));
        return new MainHarness(exitCode, out.toString(), err.toString());
    }

    public String toString()
    {
        return "exit " + exitCode + "\nout:\n" + out + "\nerr:\n" + err;
    }
}
