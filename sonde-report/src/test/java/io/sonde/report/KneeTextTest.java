package io.sonde.report;

import io.sonde.api.RunReport;
import io.sonde.api.StepProbability;
import io.sonde.api.SweepReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The knee in words says how sure it is: how likely the knee's step was to meet the objectives, and the step above
 * it, which a step near the line makes the interesting one.
 */
class KneeTextTest
{
    @TempDir
    Path dir;

    @Test
    void theKneeSaysHowLikelyItAndTheStepAboveItWereToMeetTheObjectives() throws IOException
    {
        final SweepReport sweep = sweep("{\"knee\": 20000.0, \"stopReason\": \"slo-breached\"",
            step(10_000, "MET", 1.0), step(20_000, "MET", 0.999), step(30_000, "MET", 0.62),
            step(40_000, "SLO_BREACHED", 0.0));

        assertEquals("Knee: 20000/s (99 %), the highest rate that kept its rate and met p99=1.00ms with ≥ 95 % " +
            "probability; 30000/s: 62 % (met); stopped: slo-breached.", KneeText.line(sweep));
    }

    @Test
    void withoutAKneeTheFirstStepSaysHowLikelyItWas() throws IOException
    {
        final SweepReport sweep = sweep("{\"knee\": null, \"stopReason\": \"slo-breached\"",
            step(1_000, "SLO_BREACHED", 0.4));

        assertEquals("No knee: not even the first step met p99=1.00ms with ≥ 95 % probability; 1000/s: 40 % " +
            "(slo-breached).", KneeText.line(sweep));
    }

    @Test
    void aSizeSweepSaysHowLikelyItsLargestSizeAndTheNextWereToMeetTheObjectives() throws IOException
    {
        final SweepReport sweep = sweep("{\"largestSizeMet\": 256, \"stopReason\": \"slo-breached\"",
            sizeStep(256, "MET", 0.97), sizeStep(1024, "SLO_BREACHED", 0.01));

        assertEquals("Largest message size that kept the rate and met p99=1.00ms: 256 bytes, with ≥ 95 % " +
            "probability (97 %); 1024 bytes: 1 % (slo-breached).", KneeText.line(sweep));
    }

    @Test
    void aProbabilityReadsNinetyFivePercentExactlyWhenItIsEnoughForTheKnee()
    {
        assertEquals("94 %", KneeText.percent(Optional.of(new StepProbability(0.9499, List.of(), 2000, ""))));
        assertEquals("95 %", KneeText.percent(Optional.of(new StepProbability(0.95, List.of(), 2000, ""))));
        assertEquals("100 %", KneeText.percent(Optional.of(new StepProbability(1.0, List.of(), 2000, ""))));
        assertEquals("-", KneeText.percent(Optional.empty()));
    }

    private SweepReport sweep(final String head, final String... steps) throws IOException
    {
        Files.writeString(dir.resolve(SweepReport.SWEEP_FILE), head + ", \"slo\": [\"p99=1.00ms\"], \"steps\": [" +
            String.join(", ", steps) + "]}");
        return SweepReport.read(dir);
    }

    private String sizeStep(final int size, final String verdict, final double probability) throws IOException
    {
        return step(size, verdict, probability)
            .replace("{\"rate\": " + size, "{\"rate\": 500, \"messageSize\": " + size);
    }

    private String step(final double rate, final String verdict, final double probability) throws IOException
    {
        final String folder = String.format(Locale.ROOT, "step-%.0f", rate);
        Files.writeString(Files.createDirectories(dir.resolve(folder)).resolve(RunReport.SUMMARY_FILE),
            "{\"kind\": \"run\"}");
        return String.format(Locale.ROOT, "{\"rate\": %.0f, \"verdict\": \"%s\", \"meetsObjectives\": " +
            "{\"probability\": %s, \"objectives\": [\"p99=1.00ms\"], \"resamples\": 2000}, \"folder\": \"%s\"}",
            rate, verdict, probability, folder);
    }
}
