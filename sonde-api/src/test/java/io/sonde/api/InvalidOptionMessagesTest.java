package io.sonde.api;

import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every message a user can get for an option that is wrong, word for word: each names the option at fault and says
 * what it takes. A row is what the user did, through {@link SpecBuilder#set(String, String)} as the command line
 * does or through a typed setter, and the message they read.
 */
class InvalidOptionMessagesTest
{
    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void aWrongOptionIsRefusedWithTheMessageThatNamesIt(
        final String mistake, final Executable attempt, final String message)
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, attempt);

        assertEquals(message, refused.getMessage());
    }

    static Stream<Arguments> mistakes()
    {
        return Stream.of(
            row("a mistyped option name", run("sesions", "4"),
                "unknown option 'sesions': did you mean 'sessions'? (options: " +
                String.join(", ", RunSpec.builder().optionNames()) + ")"),
            row("a mistyped option name of a sweep, with its dashes", sweep("--step-durations", "5s"),
                "unknown option '--step-durations': did you mean 'step-duration'? (options: " +
                String.join(", ", SweepSpec.builder().optionNames()) + ")"),
            row("an option without its value", run("rate", null), "--rate needs a value"),
            row("a duration that is not one", run("duration", "soon"),
                "--duration 'soon': 'soon' is not a duration such as 250us, 20ms, 5s, 15m or 1h " +
                "(a bare number is seconds)"),
            row("a flag neither true nor false", run("embedded", "maybe"),
                "--embedded: 'maybe' is neither true nor false"),
            row("a count that is not a whole number", run("sessions", "two"),
                "--sessions: 'two' is not a whole number"),
            row("a count below its least", run("sessions", "0"), "--sessions must be at least 1: 0"),
            row("a factor that is not a number", sweep("factor", "double"), "--factor: 'double' is not a number"),
            row("a rate that is not a rate", run("rate", "fast"),
                "--rate: 'fast' is not a rate per second (examples: 500, 5k, 2.5k, 1m)"),
            row("a zero rate", run("rate", "0"), "--rate: rate must be positive: '0'"),
            row("a negative rate set in code", () -> RunSpec.builder().rate(-1).build(),
                "--rate must be a positive rate: -1.0"),
            row("a choice that is not one", run("flow", "cancel"),
                "--flow: 'cancel' is not an order flow (one of: new, new-cancel, new-replace-cancel, mix, book)"),
            row("an unknown FIX version", run("fix-version", "FIX.4.3"),
                "--fix-version: unknown FIX version 'FIX.4.3' (one of: FIX.4.2, FIX.4.4, FIX.5.0SP2 or FIXT.1.1)"),
            row("a target without a port", run("target", "localhost"),
                "--target: 'localhost' is not HOST:PORT (e.g. 127.0.0.1:9880)"),
            row("a target whose port is not a number", run("target", "localhost:fix"),
                "--target: 'fix' in 'localhost:fix' is not a port number"),
            row("a target without a host", run("target", " :9880"), "--target needs a host"),
            row("a target whose port is out of range", run("target", "localhost:70000"),
                "--target: port 70000 is not in 1..65535"),
            row("neither a target nor embedded", run("sessions", "2"), "give either --target HOST:PORT or --embedded"),
            row("both a target and embedded", run("target", "localhost:9880", "embedded", "true"),
                "give either --target HOST:PORT or --embedded"),
            row("a zero timeout", run("embedded", "true", "timeout", "0s"),
                "--timeout must be a positive duration: 0s"),
            row("a message size too small", run("message-size", "10"),
                "--message-size: message size 10 is not in 64..8192 bytes (an unpadded NewOrderSingle is about 150)"),
            row("a blank symbol", run("symbols", "SONDE.A, "),
                "--symbols must name at least one symbol, none blank: [SONDE.A, ]"),
            row("a mix entry without its weight", run("mix", "new"),
                "--mix: 'new' is not flow=weight (e.g. new=60,new-cancel=40)"),
            row("a mix weight that is not a number", run("mix", "new=most"),
                "--mix: 'most' is not a whole-number weight in 'new=most'"),
            row("a negative mix weight", run("mix", "new=-1,new-cancel=2"),
                "--mix: flow weights must not be negative: new=-1"),
            row("a mix weighing mix", run("mix", "mix=1"),
                "--mix weighs the flows new, new-cancel and new-replace-cancel, not mix itself"),
            row("a mix weighing book", run("mix", "new=1,book=1"), "--mix weighs the flows new, new-cancel and " +
                "new-replace-cancel: the book flow draws its own actions (--flow book)"),
            row("a mix of zero weights", run("mix", "new=0"), "--mix needs at least one flow with a positive weight"),
            row("an objective without a limit", run("slo", "p99"), "--slo: 'p99' is not an objective like p99=500us"),
            row("an objective's limit without its unit", run("slo", "p99=2"),
                "--slo: 'p99=2': the limit needs its unit, e.g. p99=2ms or p99=2us"),
            row("an objective at an unsupported percentile", run("slo", "p95=2ms"),
                "--slo: 'p95=2ms': the percentile must be one of p50, p90, p99, p99.9, p99.99, max"),
            row("an objective whose limit is not a duration", run("slo", "p99=2mss"),
                "--slo: 'p99=2mss': '2mss' is not a duration such as 250us, 20ms, 5s, 15m or 1h " +
                "(a bare number is seconds)"),
            row("an objective of a zero limit", run("slo", "p99=0ms"), "--slo: the limit must be positive: 0.0us"),
            row("an objective made in code at an unsupported percentile", () -> Slo.of(95, Duration.ofMillis(2)),
                "--slo: the percentile must be one of p50, p90, p99, p99.9, p99.99, max, not 95.0"),
            row("an error rate above 100 percent", run("max-error-rate", "101"),
                "--max-error-rate must be a percentage from 0 to 100: 101.0"),
            row("a negative miss", run("max-miss", "-1"), "--max-miss must be a percentage from 0 to 100: -1.0"),
            row("a zero send lateness", run("max-send-lateness", "0ms"),
                "--max-send-lateness must be a positive duration: 0s"),
            row("a zero hiccup", () -> RunSpec.builder().maxHiccup(Duration.ZERO).build(),
                "--max-hiccup must be a positive duration: 0s"),
            row("steps without stages", run("embedded", "true", "schedule", "steps"),
                "--schedule steps needs --stages, e.g. 1k:10s,1k-5k:20s"),
            row("stages without steps", run("embedded", "true", "stages", "1k:10s"),
                "--stages are the stages of --schedule steps, not constant"),
            row("a burst size without bursts", run("embedded", "true", "schedule", "poisson", "burst-size", "10"),
                "--burst-size is the burst of --schedule burst, not poisson"),
            row("a stage that is not one", run("stages", "1k"),
                "--stages: '1k' is not RATE:DURATION or FROM-TO:DURATION (e.g. 1k:10s or 1k-5k:20s)"),
            row("a stage whose rate is not a rate", run("stages", "fast:10s"),
                "--stages: 'fast:10s': 'fast' is not a rate per second (examples: 500, 5k, 2.5k, 1m)"),
            row("a stage that lasts no time", run("stages", "1k:0s"),
                "--stages: '1k:0s': '0s' must be longer than zero"),
            row("stages that offer no orders", run("stages", "0:10s"), "--stages '0:10s' offer no orders at all"),
            row("a stage made in code at a negative rate", () -> new RateStage(-1, 1, Duration.ofSeconds(1)),
                "--stages: rates must be finite and not negative: -1.0-1.0"),
            row("a stage made in code that lasts no time", () -> new RateStage(1, 1, Duration.ZERO),
                "--stages: a stage must last longer than zero: PT0S"),
            row("stages and a rate", run("embedded", "true", "schedule", "steps", "stages", "1k:10s", "rate", "2k"),
                "--rate and --stages both set the rate: give one"),
            row("stages whose time a duration contradicts",
                run("embedded", "true", "schedule", "steps", "stages", "1k:10s", "duration", "20s"),
                "--duration 20s does not match --stages 1k:10s, which last 10s: drop --duration, or make them agree"),
            row("a session group that is not one", run("session-groups", "4:steady"),
                "--session-groups: '4:steady' is not SESSIONS:SHAPE with SHAPE constant, poisson or " +
                "burst(ORDERS), e.g. 4:constant,2:burst(50)"),
            row("a session group of no sessions", run("session-groups", "0:constant"),
                "--session-groups: '0:constant': sessions must be a whole number from 1"),
            row("a session group of empty bursts", run("session-groups", "2:burst(0)"),
                "--session-groups: '2:burst(0)': burst size must be a whole number from 1"),
            row("no session groups, in code", () -> new SessionGroups(List.of()),
                "--session-groups needs at least one group"),
            row("a session group of no sessions, in code", () -> new SessionGroup(0, ScheduleShape.CONSTANT, 0),
                "--session-groups: a group needs at least 1 session: 0"),
            row("a session group of steps, in code", () -> new SessionGroup(2, ScheduleShape.STEPS, 0),
                "--session-groups: a group is constant, poisson or burst(ORDERS), not steps"),
            row("a burst group without its size, in code", () -> new SessionGroup(2, ScheduleShape.BURST, 0),
                "--session-groups: a burst group needs its burst size and no other group has one: burst of 0"),
            row("session groups and a schedule",
                run("embedded", "true", "session-groups", "2:constant", "schedule", "poisson"),
                "--session-groups gives each group its shape: drop --schedule"),
            row("session groups that do not add up to the sessions",
                run("embedded", "true", "session-groups", "2:constant,1:burst(5)", "sessions", "4"),
                "--session-groups 2:constant,1:burst(5) has 3 sessions but --sessions is 4"),
            row("a negative warm-up", run("embedded", "true", "warmup", "-1s"),
                "--warmup '-1s': '-1s' is not a duration such as 250us, 20ms, 5s, 15m or 1h " +
                "(a bare number is seconds)"),
            row("a negative warm-up set in code",
                () -> RunSpec.builder().embedded(true).warmup(Duration.ofSeconds(-1)).build(),
                "--warmup must be zero or more: -1s"),
            row("a zero duration", run("embedded", "true", "duration", "0s"), "--duration must be positive: 0s"),
            row("steps in a sweep", sweep("embedded", "true", "schedule", "steps", "stages", "1k:10s"),
                "--schedule steps is for sonde run: a sweep sets each step's rate"),
            row("a negative sweep warm-up set in code",
                () -> SweepSpec.builder().embedded(true).rates(1000).warmup(Duration.ofSeconds(-1)).build(),
                "--warmup must be zero or more: -1s"),
            row("a rate sweep given one rate", sweep("embedded", "true", "rates", "1k", "rate", "1k"),
                "--rate sets the rate of a --sizes sweep; a rate sweep takes --rates"),
            row("rates and a range", sweep("embedded", "true", "rates", "1k,2k", "from", "1k"),
                "give --rates or --from/--to, not both"),
            row("a range without its end", sweep("embedded", "true", "from", "1k"),
                "give --rates R1,R2,... or both --from and --to (or --sizes)"),
            row("no rates, in code", () -> SweepSpec.builder().embedded(true).rates(List.of()).build(),
                "no rates given"),
            row("rates that fall", sweep("embedded", "true", "rates", "2k,1k"),
                "rates must be positive and rising: 1000 after 2000"),
            row("a range that falls", sweep("embedded", "true", "from", "5k", "to", "1k"),
                "need 0 < from <= to, got from 5000 to 1000"),
            row("a range whose factor does not rise",
                sweep("embedded", "true", "from", "1k", "to", "5k", "factor", "1"),
                "factor must be above 1, got 1.0"),
            row("a size that is not a number", sweep("sizes", "128,big"),
                "--sizes: 'big' is not a whole number of bytes"),
            row("sizes and rates", sweep("embedded", "true", "sizes", "128,256", "rates", "1k"),
                "--sizes sweeps message size at one --rate: drop --rates/--from/--to"),
            row("sizes without a rate", sweep("embedded", "true", "sizes", "128,256"),
                "--sizes needs --rate, the rate of every step"),
            row("a size too large", sweep("embedded", "true", "sizes", "128,9000", "rate", "1k"),
                "--sizes: message size 9000 is not in 64..8192 bytes (an unpadded NewOrderSingle is about 150)"),
            row("a zero step duration", sweep("step-duration", "0s"), "--step-duration must be positive: 0s"),
            row("no repeat", run("repeat", "0"), "--repeat must be at least 1: 0"),
            row("a negative repeat", run("embedded", "true", "repeat", "-2"), "--repeat must be at least 1: -2"),
            row("a repeat that is not a whole number", run("repeat", "twice"),
                "--repeat: 'twice' is not a whole number"),
            row("no repeat of a sweep's steps", sweep("repeat", "0"), "--repeat must be at least 1: 0"),
            row("no repeat set in code", () -> RunSpec.builder().embedded(true).repeat(0).build(),
                "--repeat must be at least 1: 0"),
            row("repeated runs with faults", run("embedded", "true", "repeat", "3", "fault", "5s:disconnect:1"),
                "--repeat measures the same load several times to see how the host moves between runs, and " +
                "--fault makes the runs differ on purpose: give one"),
            row("repeated runs of stages",
                run("embedded", "true", "repeat", "2", "schedule", "steps", "stages", "1k:10s"),
                "--repeat measures one rate several times, and --stages changes the rate over the window: give one"));
    }

    private static Arguments row(final String mistake, final Executable attempt, final String message)
    {
        return Arguments.of(mistake, attempt, message);
    }

    /**
     * @param options option names and their texts, in turn, as {@code sonde run} takes them.
     */
    private static Executable run(final String... options)
    {
        return () ->
        {
            final RunSpec.Builder builder = RunSpec.builder();
            for (int i = 0; i < options.length; i += 2)
            {
                builder.set(options[i], options[i + 1]);
            }
            builder.build();
        };
    }

    /**
     * @param options option names and their texts, in turn, as {@code sonde sweep} takes them.
     */
    private static Executable sweep(final String... options)
    {
        return () ->
        {
            final SweepSpec.Builder builder = SweepSpec.builder();
            for (int i = 0; i < options.length; i += 2)
            {
                builder.set(options[i], options[i + 1]);
            }
            builder.build();
        };
    }
}
