package io.sonde.scenarios.verdict;

import io.sonde.report.JUnitReport;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Where the verdict goes besides the console, a JUnit report, shared by {@code run}, {@code sweep} and
 * {@code replay}; the limits it is judged on are the API's options.
 */
public final class VerdictOptions
{
    @Option(names = "--junit", description = "Also write every check (each objective, the error rate, the rate, " +
        "the generator's own health) as a JUnit XML test case to this file, for CI servers.")
    private Path junitFile;

    /**
     * @return the JUnit report's file, or null for none.
     */
    public Path junitFile()
    {
        return junitFile;
    }

    /**
     * Print the checks and their verdict, and write the JUnit report when asked.
     *
     * @return the exit code it adds up to.
     */
    public int conclude(final Checks checks, final String suite, final PrintWriter console)
    {
        checks.print(console);
        if (junitFile != null)
        {
            JUnitReport.write(junitFile, suite, checks.checks());
            console.println("Wrote " + junitFile);
        }
        return checks.exitCode().code();
    }
}
