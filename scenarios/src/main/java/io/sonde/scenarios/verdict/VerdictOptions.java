package io.sonde.scenarios.verdict;

import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.Slo;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

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
     * @throws ParameterException naming the limit that is out of range.
     */
    public SweepCriteria criteria()
    {
        try
        {
            return new SweepCriteria(maxMissPercent / 100.0, maxSendLateness.toNanos() / 1000.0,
                maxHiccup.toNanos() / 1000.0);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    /**
     * @throws ParameterException when it is not a percentage.
     */
    public double maxErrorFraction()
    {
        if (!(maxErrorPercent >= 0 && maxErrorPercent <= 100))
        {
            throw new ParameterException(spec.commandLine(), "--max-error-rate must be a percentage from 0 to 100: " +
                maxErrorPercent);
        }
        return maxErrorPercent / 100.0;
    }

    /**
     * @return the JUnit report's file, or null for none.
     */
    public Path junitFile()
    {
        return junitFile;
    }

    /**
     * Every limit, checked before anything connects so that a wrong one costs no run.
     *
     * @param slo the command's latency objectives.
     */
    public Limits limits(final List<Slo> slo)
    {
        return new Limits(slo, criteria(), maxErrorFraction());
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
