package io.sonde.probe.slo;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SloRulesTest
{
    @Test
    void aLatencyRuleNamesStagePercentileLimitAndWindow()
    {
        final SloRule.Latency rule = (SloRule.Latency)SloRules.parse("ack", "new-ack p99.9 <= 250us over 15m");

        assertEquals("new-ack", rule.stage());
        assertEquals(99.9, rule.percentile());
        assertEquals(250_000, rule.limitNanos());
        assertEquals(Duration.ofMinutes(15), rule.window());
        assertEquals("new-ack p99.9 <= 250us over 15m", rule.objective());
    }

    @Test
    void timeoutMissingPublicEventAndSessionRulesAreRead()
    {
        assertEquals(new SloRule.Timeouts("t", 2), SloRules.parse("t", "consecutive timeouts <= 2"));
        assertEquals(new SloRule.SessionDown("s", Duration.ofSeconds(30)), SloRules.parse("s", "Session down <= 30s"));
        assertEquals(new SloRule.MissingPublicEvents("m", 2),
            SloRules.parse("m", "consecutive missing public events <= 2"));
        assertEquals("order-to-tick", ((SloRule.Latency)SloRules.parse("tick", "order-to-tick p99 <= 50ms over 5m"))
            .stage());
    }

    @Test
    void aMalformedRuleSaysWhatFormIsExpected()
    {
        final String noUnit = assertThrows(IllegalArgumentException.class,
            () -> SloRules.parse("ack", "new-ack p99 <= 20 over 5m")).getMessage();
        assertTrue(noUnit.contains("slo.ack") && noUnit.contains("latency limit '20' needs a unit"), noUnit);

        final String unknownStage = assertThrows(IllegalArgumentException.class,
            () -> SloRules.parse("x", "fill p99 <= 20ms over 5m")).getMessage();
        assertTrue(unknownStage.contains("stage 'fill' is not one of"), unknownStage);

        final String gibberish = assertThrows(IllegalArgumentException.class,
            () -> SloRules.parse("g", "fast please")).getMessage();
        assertTrue(gibberish.contains("'consecutive timeouts <= 2'"), gibberish);

        assertThrows(IllegalArgumentException.class, () -> SloRules.parse("p", "new-ack p101 <= 1ms over 1m"));
    }
}
