package io.sonde.scenarios.verdict;

import io.sonde.api.LoadBuilder;
import io.sonde.api.Slo;
import io.sonde.scenarios.cli.DurationConverter;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The limits a run (or each sweep step) is judged on besides its latency objectives, and where the JUnit report
 * goes: shared by {@code run}, {@code sweep} and {@code replay}.
 */
public final class VerdictOptions
{
    @Option(names = "--max-error-rate", defaultValue = "1", description = "Percent of lifecycles that may fail " +
        "(rejected or timed out) before the run counts as missed (default: ${DEFAULT-VALUE}).")
    private double maxErrorPercent;

    @Option(names = "--max-miss", defaultValue = "1", description = "Percent of the target rate a run (or step) " +
        "may fall short of (default: ${DEFAULT-VALUE}).")
    private double maxMissPercent;

    @Option(names = "--max-send-lateness", defaultValue = "20ms", converter = DurationConverter.class,
        description = "Send-lateness p99 above which Sonde itself fell behind and the result is void " +
            "(generator-limited) (default: ${DEFAULT-VALUE}).")
    private Duration maxSendLateness;

    @Option(names = "--max-hiccup", defaultValue = "50ms", converter = DurationConverter.class,
        description = "Hiccup p99.9 above which Sonde's process stalled and the result is void (generator-limited) " +
            "(default: ${DEFAULT-VALUE}).")
    private Duration maxHiccup;

    @Option(names = "--junit", description = "Also write every check (each objective, the error rate, the rate, " +
        "the generator's own health) as a JUnit XML test case to this file, for CI servers.")
    private Path junitFile;

    /**
     * Give the builder the limits, every one of them, and the command's objectives.
     *
     * @param slo the command's latency objectives.
     */
    public <B extends LoadBuilder<B>> B applyTo(final B builder, final List<Slo> slo)
    {
        return builder.slo(slo)
            .maxErrorRatePercent(maxErrorPercent)
            .maxMissPercent(maxMissPercent)
            .maxSendLateness(maxSendLateness)
            .maxHiccup(maxHiccup);
    }

    /**
     * @return the JUnit report's file, or null for none.
     */
    public Path junitFile()
    {
        return junitFile;
    }

    /**
     * Print the verdict and write the JUnit report when asked.
     *
     * @return the exit code it adds up to.
     */
    public int conclude(final Verdict verdict, final String suite, final PrintWriter console)
    {
        verdict.print(console);
        if (junitFile != null)
        {
            JUnitReport.write(junitFile, suite, verdict);
            console.println("Wrote " + junitFile);
        }
        return verdict.exitCode();
    }
}
