package io.sonde.probe.metrics;

import io.sonde.metrics.WindowView;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.slo.SloEvaluator;
import io.sonde.probe.slo.SloListener;
import io.sonde.probe.slo.SloRule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde_probe_failures_total} counts only what went wrong: an order that traded, one a dry run logged and a
 * cancel of an order left behind are counted under names that say what they are.
 */
class ProbeMetricsTest
{
    @Test
    void ordersThatTradedOrWereOnlyLoggedAndCleanupCancelsAreNotFailures()
    {
        final ProbeCounters counters = new ProbeCounters();
        counters.increment(Count.FILLED);
        counters.increment(Count.DRY_RUN);
        counters.increment(Count.CLEANUP_CANCELS);
        counters.increment(Count.SESSION_REJECTS);

        final String scraped = metrics(counters).scrape();

        assertTrue(scraped.contains("sonde_probe_orders_total{outcome=\"filled\"} 1"), scraped);
        assertTrue(scraped.contains("sonde_probe_orders_total{outcome=\"dry_run\"} 1"), scraped);
        assertTrue(scraped.contains("sonde_probe_cleanup_cancels_total 1"), scraped);
        assertTrue(scraped.contains("sonde_probe_failures_total{kind=\"session_rejects\"} 1"), scraped);
        assertFalse(scraped.contains("kind=\"filled\"") || scraped.contains("kind=\"dry_run\"") ||
            scraped.contains("kind=\"cleanup_cancels\""), scraped);
    }

    private static ProbeMetrics metrics(final ProbeCounters counters)
    {
        final SloEvaluator slo = new SloEvaluator(List.<SloRule>of(), new SloListener()
        {
            public void onFiring(final SloRule rule, final String observed)
            {
            }

            public void onResolved(final SloRule rule, final String observed)
            {
            }
        });
        return new ProbeMetrics(counters, new WindowView(), slo, 1, () -> true);
    }
}
