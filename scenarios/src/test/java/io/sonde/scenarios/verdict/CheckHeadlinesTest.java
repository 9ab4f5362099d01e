package io.sonde.scenarios.verdict;

import io.sonde.api.Check;
import io.sonde.api.FaultKind;
import io.sonde.api.FaultResult;
import io.sonde.api.IdleMode;
import io.sonde.api.Limits;
import io.sonde.api.MarketData;
import io.sonde.api.MeasuredSpan;
import io.sonde.api.Percentiles;
import io.sonde.api.RunSpec;
import io.sonde.api.SloResult;
import io.sonde.api.WarmupCounts;
import io.sonde.inprocess.fault.FaultChecks;
import io.sonde.inprocess.run.NotCarriedOut;
import io.sonde.inprocess.run.RunChecks;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.result.ResultTotals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every check in every outcome it can have, with the line the console prints for it: the headline (the check's name)
 * must read true whether it passed, warned, failed or measured nothing, and the detail says what happened and, where
 * something needs doing, what. Passed checks are not printed; their line is what the console would print for them
 * in the same form. Checks that exist in one outcome only (a run cut short, nothing measured, not carried out) are
 * listed once.
 */
@Timeout(10)
class CheckHeadlinesTest
{
    private static final Percentiles FAST = new Percentiles(100, 150, 200, 300, 400, 500, 10_000);
    private static final Percentiles LATE = new Percentiles(100, 5_000, 30_000, 60_000, 70_000, 80_000, 10_000);
    private static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0, 0);
    private static final Limits LIMITS = RunSpec.builder().target("127.0.0.1", 9880).build().limits();
    private static final IdleShare SPUN = new IdleShare(IdleMode.AUTO, 1, 0, 0, 10);
    private static final IdleShare HALF_SPUN = new IdleShare(IdleMode.AUTO, 0.63, 0.37, 3, 15);

    static Stream<Arguments> everyCheckInEveryOutcome()
    {
        return Stream.of(
            row("generator, passed", () -> runCheck(totals(10_000, 0, 0, 1000, FAST, false), "generator"),
                "PASSED generator: Sonde's own schedule: kept: send-lateness p99 200µs (limit 20.0ms), hiccup p99.9 " +
                "300µs (limit 50.0ms)"),
            row("generator, void", () -> runCheck(totals(10_000, 0, 0, 1000, LATE, false), "generator"),
                "VOID generator: Sonde's own schedule: Sonde fell behind its schedule, so the result is void: " +
                "send-lateness p99 30.0ms (limit 20.0ms), hiccup p99.9 60.0ms (limit 50.0ms); pin Sonde's threads " +
                "to cores of their own, or run fewer processes beside it"),
            row("cut short, void", () -> runCheck(totals(10_000, 0, 0, 1000, FAST, true), "run"),
                "VOID run: cut short: a stop (Ctrl-C or SIGTERM) ended it after 10.0 s measured: the result covers " +
                "only that part"),
            row("nothing measured, void", () -> runCheck(totals(0, 0, 0, 0, FAST, false), "run"),
                "VOID run: nothing measured: no lifecycle was sent in the measured window"),
            row("not carried out, void", () -> NotCarriedOut.check("connection refused by 127.0.0.1:9880"),
                "VOID run: not carried out: connection refused by 127.0.0.1:9880"),
            row("rate, passed", () -> runCheck(totals(10_000, 0, 0, 1000, FAST, false), "rate"),
                "PASSED rate: rate sent: 1000.0/s sent of 1000.0/s (at most 1.0 % short)"),
            row("rate, failed", () -> runCheck(totals(10_000, 0, 0, 800, FAST, false), "rate"),
                "FAILED rate: rate sent: 800.0/s sent of 1000.0/s (at most 1.0 % short)"),
            row("errors, passed", () -> runCheck(totals(10_000, 0, 0, 1000, FAST, false), "errors"),
                "PASSED errors: error rate: 0 of 10000 lifecycles failed (0 rejected, 0 timed out): 0.00 %, " +
                "limit 1.00 %"),
            row("errors, failed", () -> runCheck(totals(10_000, 150, 50, 1000, FAST, false), "errors"),
                "FAILED errors: error rate: 200 of 10000 lifecycles failed (150 rejected, 50 timed out): 2.00 %, " +
                "limit 1.00 %"),
            row("slo, passed", () -> slo(new SloResult("p99", 2000, 1500, true)),
                "PASSED slo: p99 <= 2.00ms: corrected p99 1.50ms, limit 2.00ms"),
            row("slo, failed", () -> slo(new SloResult("p99", 2000, 3100, false)),
                "FAILED slo: p99 <= 2.00ms: corrected p99 3.10ms, limit 2.00ms"),
            row("slo, not measured", () -> slo(new SloResult("tick.p99", 2000, Double.NaN, false)),
                "FAILED slo: tick.p99 <= 2.00ms: order-to-tick was not measured: it needs --market-data and an " +
                "order-level feed"),
            row("market data, passed", () -> publicEvents(marketData(Optional.empty(), 40, 0)),
                "PASSED marketData: public events of the orders: order-to-tick of 100 of the 100 orders that " +
                "reached the book, 300 feed messages, 0 gaps (0 recovered)"),
            row("market data, failed", () -> publicEvents(marketData(Optional.empty(), 40, 2)),
                "FAILED marketData: public events of the orders: 2 public events never came: O1, O2"),
            row("market data, not measured", () -> publicEvents(marketData(Optional.empty(), 0, 0)),
                "FAILED marketData: public events of the orders: no market data arrived from udp://127.0.0.1:40456"),
            row("market data, unavailable", () -> publicEvents(marketData(Optional.of("the feed's snapshot " +
                "address refused the connection"), 0, 0)),
                "FAILED marketData: public events of the orders: the feed's snapshot address refused the connection"),
            row("idle, warning", () -> RunChecks.caveats("", HALF_SPUN, true, List.of()).get(0),
                "WARNING idle: how the threads waited while measured: 37 % of the measured 15.0 s in the spin " +
                "window, not busy-spinning as meant (more than 10 %, 3 switches): latency there includes Sonde's " +
                "wake-ups; pin Sonde's threads to cores of their own, or run fewer processes beside it"),
            row("jit, warning", () -> RunChecks.caveats("", SPUN, true, List.of(new MeasuredSpan(0, 1))).get(0),
                "WARNING jit: JIT compilation while measured: the JIT compiled during 1 of 10 measured seconds " +
                "(0.0-1.0 s), so they include its claim on the cores: a longer --warmup lets it finish first"),
            row("fault recovery, passed", () -> FaultChecks.recovered("", fault(OptionalDouble.of(812), null, 0)),
                "PASSED fault: fault 3s:disconnect:1 recovery: recovered in 812.0 ms; 3 order(s) in flight at it: " +
                "{answered=3, settledByStatus=0, timedOut=0}"),
            row("fault recovery, failed", () -> FaultChecks.recovered("", fault(OptionalDouble.empty(),
                "the venue never answered the ResendRequest", 0)),
                "FAILED fault: fault 3s:disconnect:1 recovery: not recovered: the venue never answered the " +
                "ResendRequest"),
            row("fault orders, passed", () -> FaultChecks.ordersKept("", fault(OptionalDouble.of(812), null, 0)),
                "PASSED fault: fault 3s:disconnect:1 orders lost or duplicated: none: 0 lost, 0 duplicated"),
            row("fault orders, failed", () -> FaultChecks.ordersKept("", fault(OptionalDouble.of(812), null, 2)),
                "FAILED fault: fault 3s:disconnect:1 orders lost or duplicated: 2 lost [A1, A2], 0 duplicated []"),
            row("a sweep step's check", () -> RunChecks.caveats("step-01-1000: ", SPUN, true,
                List.of(new MeasuredSpan(0, 1))).get(0),
                "WARNING jit: step-01-1000: JIT compilation while measured: the JIT compiled during 1 of 10 measured " +
                "seconds (0.0-1.0 s), so they include its claim on the cores: a longer --warmup lets it finish first"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyCheckInEveryOutcome")
    void readsTrueInItsOutcome(final String what, final Supplier<Check> check, final String printed)
    {
        assertEquals(printed, line(check.get()));
    }

    @Test
    void aCheckThatCameOutAlikeInSeveralStepsIsOneLineNamingEach()
    {
        final List<Check> checks = new ArrayList<>();
        checks.addAll(RunChecks.caveats("step-01-1000: ", SPUN, true, List.of(new MeasuredSpan(0, 1))));
        checks.addAll(RunChecks.caveats("step-03-5000: ", SPUN, true, List.of(new MeasuredSpan(8, 9))));
        final StringWriter out = new StringWriter();

        new Checks(checks).print(new PrintWriter(out));

        assertEquals(List.of("WARNING jit: JIT compilation while measured, in 2 steps: step-01-1000: the JIT " +
            "compiled during 1 of 10 measured seconds (0.0-1.0 s), so they include its claim on the cores: a longer " +
            "--warmup lets it finish first; step-03-5000: the JIT compiled during 1 of 10 measured seconds " +
            "(8.0-9.0 s), so they include its claim on the cores: a longer --warmup lets it finish first",
            "Verdict: every check passed (2, 2 with a warning)"), out.toString().lines().toList());
    }

    private static Arguments row(final String what, final Supplier<Check> check, final String printed)
    {
        return Arguments.of(what, check, printed);
    }

    /**
     * The line the console prints for a check: {@link Checks#print} prints every check that did not pass in this
     * form, and a passed one is given the same form here.
     */
    private static String line(final Check check)
    {
        final Check shown = check.outcome() == Check.Outcome.PASSED ?
            new Check(check.group(), check.name(), Check.Outcome.WARNING, check.detail()) : check;
        final StringWriter out = new StringWriter();
        new Checks(List.of(shown)).print(new PrintWriter(out));
        final String first = out.toString().lines().findFirst().orElseThrow();
        return check.outcome() == Check.Outcome.PASSED ? first.replaceFirst("^WARNING", "PASSED") : first;
    }

    private static Check runCheck(final ResultTotals totals, final String group)
    {
        return RunChecks.of("", totals, List.of(), LIMITS).stream().filter(check -> check.group().equals(group))
            .findFirst().orElseThrow();
    }

    private static Check slo(final SloResult result)
    {
        return RunChecks.of("", totals(10_000, 0, 0, 1000, FAST, false), List.of(result), LIMITS).stream()
            .filter(check -> check.group().equals("slo")).findFirst().orElseThrow();
    }

    private static Check publicEvents(final MarketData marketData)
    {
        return RunChecks.of("", totals(10_000, 0, 0, 1000, FAST, false), List.of(), LIMITS, marketData).stream()
            .filter(check -> check.group().equals("marketData")).findFirst().orElseThrow();
    }

    private static ResultTotals totals(
        final long sent, final long rejected, final long timedOut, final double achieved, final Percentiles lateness,
        final boolean cutShort)
    {
        return new ResultTotals(sent, sent - rejected - timedOut, rejected, timedOut, 0, 0, 1000, achieved, 10,
            cutShort, FAST, FAST, lateness, lateness, new WarmupCounts(0, 0, 0, 0, 0), 0, 0, 0, 0, Map.of(),
            Map.of(), List.of());
    }

    private static MarketData marketData(final Optional<String> unavailable, final long packets, final long missing)
    {
        return new MarketData("udp://127.0.0.1:40456", unavailable, FAST, FAST, NONE, NONE, 100 - missing, 100,
            Map.of(), packets, packets == 0 ? 0 : 300, 30, 0, 0, 0, 0, 0, 0, 0, missing,
            missing == 0 ? List.of() : List.of("O1", "O2"), 0);
    }

    private static FaultResult fault(final OptionalDouble recovery, final String reason, final long lost)
    {
        return new FaultResult(3, FaultKind.of("disconnect"), "1", List.of("S1"), OptionalInt.empty(),
            Instant.EPOCH, recovery, Optional.ofNullable(reason), 3, new FaultResult.InFlightOutcomes(3, 0, 0), lost,
            lost == 0 ? List.of() : List.of("A1", "A2"), 0, List.of(), 0, new FaultResult.Windows(NONE, NONE, NONE));
    }
}
