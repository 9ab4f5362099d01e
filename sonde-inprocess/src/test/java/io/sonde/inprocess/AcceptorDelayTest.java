package io.sonde.inprocess;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde acceptor --delay}: the reference acceptor answers each order no sooner than the delay after it
 * arrived, so no order of a run against it is answered sooner than that after it was sent, and every order is
 * still answered.
 */
@Timeout(60)
class AcceptorDelayTest
{
    private static final Duration DELAY = Duration.ofMillis(3);

    @Test
    void noOrderIsAnsweredSoonerThanTheAcceptorsDelayAfterItWasSent(@TempDir final Path dir) throws Exception
    {
        final StringWriter console = new StringWriter();
        final RunReport report;
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null, "127.0.0.1", 0, new BackoffIdleStrategy(),
            DELAY))
        {
            report = Sonde.run(RunSpec.builder()
                .target("127.0.0.1", acceptor.port())
                .rate(200)
                .warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(2))
                .out(dir.resolve("run"))
                .build(), new PrintWriter(console));
        }

        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.failures() + "\n" + console);
        final Histogram answers = uncorrectedAnswers(report.intervalLog());
        assertEquals(report.outcomes().acknowledged(), answers.getTotalCount(), console.toString());
        assertTrue(answers.getMinValue() >= DELAY.toNanos(), "the soonest answer: " + answers.getMinValue() + " ns");
    }

    /**
     * @return every new order's time from its send to its acknowledgement, over the whole log.
     */
    private static Histogram uncorrectedAnswers(final Path intervalLog) throws FileNotFoundException
    {
        final Histogram answers = new Histogram(3);
        final HistogramLogReader reader = new HistogramLogReader(intervalLog.toFile());
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null)
        {
            final String tag = interval.getTag();
            if (tag != null && tag.startsWith("new-ack") && tag.endsWith("uncorrected"))
            {
                answers.add((Histogram)interval);
            }
        }
        return answers;
    }
}
