package io.sonde.scenarios.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.probe.DelayingProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --baseline}: a run of the reference acceptor against an earlier one, directly and through a proxy that
 * slows every order. The runs share a 2-vCPU VM with parallel builds, which moved the p50 of two back-to-back runs
 * of one setup by 2.8 times (2.09 ms, then 5.94 ms): the tolerance is wide enough for that, and the proxy's delay
 * is ten times wider still.
 */
@Timeout(300)
class RegressionGateTest
{
    private static final int SLOWDOWN_MS = 50;
    private static final String TOLERANCE_PERCENT = "400";
    private static final Pattern RECORDED = Pattern.compile("Recorded as run (\\d+) ");

    @TempDir
    static Path dir;

    private static ReferenceAcceptor acceptor;
    private static DelayingProxy slowAcceptor;
    private static Path credentials;
    private static String history;

    @BeforeAll
    static void start() throws Exception
    {
        acceptor = new ReferenceAcceptor("pw");
        slowAcceptor = new DelayingProxy(acceptor.port());
        slowAcceptor.delayToExchange(SLOWDOWN_MS);
        credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        history = "jdbc:sqlite:" + dir.resolve("history.db");
    }

    @AfterAll
    static void stop() throws Exception
    {
        slowAcceptor.close();
        acceptor.close();
    }

    @Test
    void twoRunsOfTheSameSetupPass() throws Exception
    {
        final CliHarness first = run(acceptor.port(), "same-1", "--scenario-name", "same setup", "--baseline", "last");
        assertEquals(0, first.exitCode, first.toString());
        assertTrue(first.out.contains("nothing to compare"), first.out);
        final long baseline = recorded(first);

        final CliHarness second = run(acceptor.port(), "same-2", "--scenario-name", "same setup", "--baseline",
            "last");

        assertEquals(0, second.exitCode, second.toString());
        assertTrue(second.out.contains("Regression gate against run " + baseline), second.out);
        final JsonNode regression = summary("same-2").get("regression");
        assertTrue(regression.get("passed").asBoolean(), regression.toString());
        assertEquals(baseline, regression.get("baselineRun").asLong());
        assertEquals(List.of("p50", "p99"), percentiles(regression));
    }

    @Test
    void aRunAgainstASlowedAcceptorFailsNamingThePercentile() throws Exception
    {
        final CliHarness fast = run(acceptor.port(), "fast", "--scenario-name", "slowed later");
        assertEquals(0, fast.exitCode, fast.toString());
        final long baseline = recorded(fast);

        final CliHarness slow = run(slowAcceptor.port(), "slow", "--baseline", Long.toString(baseline));

        assertEquals(1, slow.exitCode, slow.toString());
        assertTrue(slow.out.contains("FAILED regression: p50 against run " + baseline + ": "), slow.out);
        final JsonNode regression = summary("slow").get("regression");
        assertFalse(regression.get("passed").asBoolean());
        final JsonNode p50 = regression.get("verdicts").get(0);
        assertEquals("p50", p50.get("percentile").asText());
        assertFalse(p50.get("passed").asBoolean());
        assertTrue(p50.get("newMicros").asDouble() >= SLOWDOWN_MS * 1_000, "every order waited for the proxy: " + p50);
        assertTrue(p50.get("ratio").asDouble() > p50.get("allowedRatio").asDouble(), p50.toString());
        for (final JsonNode check : summary("slow").get("checks"))
        {
            assertTrue(check.get("outcome").asText().equals("PASSED"), "only the regression fails the run: " + check);
        }

        final CliHarness show = CliHarness.run("history", "show", Long.toString(recorded(slow)), "--history", history);
        assertTrue(show.out.contains("Regression gate against run " + baseline + ": REGRESSION"), show.out);
        assertTrue(show.out.matches("(?s).*\\n  run p50: [0-9.]+x( \\([0-9.]+–[0-9.]+x\\))? \\(allowed [0-9.]+x: " +
            "spread [0-9.]+, floor [0-9.]+\\) REGRESSION(: [^\\n]+)?\\n.*"),
            "every term of the rule is shown: " + show.out);
        assertTrue(slow.out.matches("(?s).*\\nstep +percentile +baseline +new +ratio \\(95%\\) +spread +floor " +
            "+allowed +verdict\\n.*"), slow.out);
    }

    @Test
    void aSweepIsJudgedStepByStepAgainstTheBaselineSweep() throws Exception
    {
        final CliHarness first = sweep("sweep-1");
        assertEquals(0, first.exitCode, first.toString());
        final long baseline = recorded(first);

        final CliHarness second = sweep("sweep-2");

        assertEquals(0, second.exitCode, second.toString());
        final JsonNode regression = new ObjectMapper().readTree(dir.resolve("sweep-2/sweep.json").toFile())
            .get("regression");
        assertEquals(baseline, regression.get("baselineRun").asLong());
        final List<String> steps = new ArrayList<>();
        regression.get("verdicts").forEach(verdict -> steps.add(verdict.get("step").asText() + " " +
            verdict.get("percentile").asText()));
        assertEquals(List.of("step-01-200 p99", "step-02-400 p99"), steps);
    }

    @Test
    void aBaselineTheHistoryDoesNotHoldIsAUsageError()
    {
        final CliHarness cli = run(acceptor.port(), "unknown", "--baseline", "label:build=never");

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("label:build=never"), cli.err);
    }

    private static CliHarness run(final int port, final String name, final String... extra)
    {
        final List<String> args = new ArrayList<>(List.of("run", "--target", "127.0.0.1:" + port, "--rate", "200",
            "--duration", "2s", "--warmup", "1s", "--idle", "backoff", "--slo", "p50=10s,p99=10s", "--credentials",
            credentials.toString(), "--history", history, "--regression-tolerance", TOLERANCE_PERCENT, "--out",
            dir.resolve(name).toString()));
        args.addAll(List.of(extra));
        return CliHarness.runMechanics(args.toArray(new String[0]));
    }

    private static CliHarness sweep(final String name)
    {
        return CliHarness.runMechanics("sweep", "--target", "127.0.0.1:" + acceptor.port(),
            "--rates", "200,400", "--step-duration", "1s", "--warmup", "0s", "--idle", "backoff", "--slo", "p99=10s",
            "--credentials", credentials.toString(), "--history", history, "--scenario-name", "sweep setup",
            "--baseline", "last", "--regression-tolerance", TOLERANCE_PERCENT, "--out", dir.resolve(name).toString());
    }

    private static JsonNode summary(final String name) throws Exception
    {
        return new ObjectMapper().readTree(dir.resolve(name).resolve("summary.json").toFile());
    }

    private static List<String> percentiles(final JsonNode regression)
    {
        final List<String> percentiles = new ArrayList<>();
        regression.get("verdicts").forEach(verdict -> percentiles.add(verdict.get("percentile").asText()));
        return percentiles;
    }

    private static long recorded(final CliHarness cli)
    {
        final Matcher matcher = RECORDED.matcher(cli.out);
        assertTrue(matcher.find(), cli.out);
        return Long.parseLong(matcher.group(1));
    }
}
