package io.sonde.probe.slo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sonde.api.DurationText;
import io.sonde.probe.metrics.ProbeMetrics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Prometheus alert rules of {@code docker/monitoring/alerts.yml} say what the probe's example SLO rules say
 * ({@code docs/probe.md}, as {@link SloRules} reads them): one alert per rule, labelled with the rule's name, on the
 * metric the rule judges and at the rule's limit; the probe's own judgement alerts on any other rule.
 */
@Timeout(10)
class ProbeAlertRulesTest
{
    private static final Path DOCS = Path.of("..", "docs", "probe.md");
    private static final Path COMPOSE_PROBE = Path.of("..", "docker", "probe.properties");
    private static final Path ALERTS = Path.of("..", "docker", "monitoring", "alerts.yml");
    private static final Pattern SLO_LINE = Pattern.compile("(?m)^slo\\.([a-z0-9-]+)=(.+)$");

    private static List<SloRule> exampleRules;
    private static List<JsonNode> alerts;

    @BeforeAll
    static void readRulesAndAlerts() throws IOException
    {
        exampleRules = new ArrayList<>();
        sloLines(DOCS).forEach((name, text) -> exampleRules.add(SloRules.parse(name, text)));
        alerts = new ArrayList<>();
        for (final JsonNode group : new ObjectMapper(new YAMLFactory()).readTree(ALERTS.toFile()).get("groups"))
        {
            group.get("rules").forEach(alerts::add);
        }
    }

    @Test
    void theDocsShowTheRulesOfTheComposeProbe() throws IOException
    {
        assertEquals(5, exampleRules.size(), "latency, timeouts, session, order-to-tick and public feed rules in " +
            DOCS);
        assertEquals(sloLines(DOCS), sloLines(COMPOSE_PROBE));
    }

    @Test
    void eachExampleRuleHasAnAlertOnTheMetricItJudgesAtItsLimit()
    {
        for (final SloRule rule : exampleRules)
        {
            final JsonNode alert = alertFor(rule.name());
            assertNotNull(alert, "no alert labelled slo: " + rule.name() + " in " + ALERTS);
            assertEquals(expectedExpression(rule), alert.get("expr").asText().trim(), rule.objective());
            assertEquals(expectedFor(rule), text(alert, "for"), rule.objective());
        }
    }

    @Test
    void everySloAlertNamesAnExampleRule()
    {
        final Set<String> ruleNames = exampleRules.stream().map(SloRule::name).collect(Collectors.toSet());
        for (final JsonNode alert : alerts)
        {
            final String slo = alert.path("labels").path("slo").asText("");
            assertTrue(slo.isEmpty() || ruleNames.contains(slo),
                alert.get("alert").asText() + " names slo " + slo + ", which is not one of " + ruleNames);
        }
    }

    @Test
    void theProbesOwnJudgementAlertsOnEveryRuleWithoutAnAlertOfItsOwn()
    {
        final String covered = exampleRules.stream().map(SloRule::name).collect(Collectors.joining("|"));

        assertEquals("sonde_probe_slo_firing{rule!~\"" + covered + "\"} == 1",
            alertNamed("SondeProbeSloFiring").get("expr").asText().trim());
    }

    @Test
    void aLatencyAlertAsksForAPercentileTheProbeServes()
    {
        final Set<Double> served = new TreeSet<>();
        for (final double quantile : ProbeMetrics.QUANTILES)
        {
            served.add(quantile);
        }
        for (final SloRule rule : exampleRules)
        {
            if (rule instanceof SloRule.Latency latency)
            {
                assertTrue(served.contains(quantileOf(latency)), latency.objective() + ": the probe serves the " +
                    "quantiles " + served + " only");
            }
        }
    }

    private static String expectedExpression(final SloRule rule)
    {
        if (rule instanceof SloRule.Latency latency && latency.stage().equals(SloRules.ORDER_TO_TICK))
        {
            return "sonde_probe_order_to_tick_seconds{kind=\"corrected\", quantile=\"" + quantileOf(latency) +
                "\"} > " + seconds(latency.limitNanos());
        }
        if (rule instanceof SloRule.Latency latency)
        {
            return "sonde_probe_latency_seconds{stage=\"" + latency.stage() + "\", kind=\"corrected\", quantile=\"" +
                quantileOf(latency) + "\"} > " + seconds(latency.limitNanos());
        }
        if (rule instanceof SloRule.Timeouts timeouts)
        {
            return "sonde_probe_consecutive_timeouts > " + timeouts.maxConsecutive();
        }
        if (rule instanceof SloRule.MissingPublicEvents missing)
        {
            return "sonde_probe_consecutive_missing_public_events > " + missing.maxConsecutive();
        }
        return "sonde_probe_session_down_seconds > " + seconds(((SloRule.SessionDown)rule).maxDown().toNanos());
    }

    /**
     * A latency rule looks back over its window, which Prometheus asks of the last minute's percentile for as long;
     * the other rules' metrics carry their own duration, so their alerts fire at once.
     */
    private static String expectedFor(final SloRule rule)
    {
        return rule instanceof SloRule.Latency latency ? DurationText.format(latency.window()) : "";
    }

    private static double quantileOf(final SloRule.Latency latency)
    {
        return BigDecimal.valueOf(latency.percentile()).movePointLeft(2).doubleValue();
    }

    private static String seconds(final long nanos)
    {
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
    }

    private static JsonNode alertFor(final String ruleName)
    {
        return alerts.stream().filter(alert -> ruleName.equals(alert.path("labels").path("slo").asText()))
            .findFirst().orElse(null);
    }

    private static JsonNode alertNamed(final String name)
    {
        final JsonNode alert = alerts.stream().filter(rule -> name.equals(rule.path("alert").asText()))
            .findFirst().orElse(null);
        assertNotNull(alert, "no alert " + name + " in " + ALERTS);
        return alert;
    }

    private static String text(final JsonNode alert, final String field)
    {
        return alert.has(field) ? alert.get(field).asText() : "";
    }

    private static Map<String, String> sloLines(final Path file) throws IOException
    {
        final Map<String, String> lines = new LinkedHashMap<>();
        final Matcher matcher = SLO_LINE.matcher(Files.readString(file));
        while (matcher.find())
        {
            lines.put(matcher.group(1), matcher.group(2).trim());
        }
        assertFalse(lines.isEmpty(), "no slo.NAME=RULE lines in " + file);
        return lines;
    }
}
