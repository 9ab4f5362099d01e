package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde market} and {@code sonde market-sweep} as specs: their defaults, the options they share with the other
 * commands, and every combination the market cannot carry out refused naming the option, as the command line and
 * the API both refuse it.
 */
class MarketSpecTest
{
    @Test
    void aMarketUnlessToldListensOnLoopbackAndEchoesInTextOneEventInTen()
    {
        final MarketSpec spec = MarketSpec.builder().build();
        final MarketLoad load = spec.load();

        assertEquals("127.0.0.1", load.bind());
        assertEquals(MarketLoad.DEFAULT_PORT, load.port());
        assertEquals(MatchBy.ECHO, load.match());
        assertEquals(EchoTag.DEFAULT, load.echoTag());
        assertEquals(10, load.triggerEvery());
        assertEquals(Duration.ofSeconds(1), load.timeout(), "a reaction timeout, not a lifecycle's 5s");
        assertEquals(Duration.ofSeconds(60), load.awaitApp());
        assertEquals(1, load.appBusyThreads());
        assertEquals(EventShares.DEFAULT, load.eventMix());
        assertEquals(Optional.empty(), load.compId());
        assertEquals(false, load.udpFeed());
        assertEquals(MarketSpec.DEFAULT_RATE, spec.offeredRate());
        assertEquals(Duration.ofSeconds(30), spec.measured());
        assertEquals(Duration.ofSeconds(5), spec.warmup());
        assertEquals(Path.of("results", "market"), spec.out());
        assertEquals(List.of(), spec.limits().slo());
    }

    @Test
    void optionsAreTakenByTheirCommandLineNamesAndWrittenBackAsArguments()
    {
        final MarketSpec spec = MarketSpec.builder().set("--md-udp", "127.0.0.1:40001").set("rate", "2k")
            .set("trigger-every", "5").set("echo-tag", "5001").set("timeout", "200ms").set("slo", "t2t.p99=2ms")
            .out(Path.of("out")).build();

        assertTrue(spec.load().udpFeed());
        assertEquals(5001, spec.load().echoTag().tag());
        assertEquals(List.of("--md-udp", "127.0.0.1:40001", "--trigger-every", "5", "--echo-tag", "5001",
            "--timeout", "200ms", "--rate", "2k", "--slo", "t2t.p99=2000us", "--out", "out"), spec.arguments());
        assertEquals(spec, MarketSpec.builder().set("md-udp", "127.0.0.1:40001").rate(2_000).triggerEvery(5)
            .echoTag(5001).timeout(Duration.ofMillis(200)).slo("t2t.p99=2ms").out(Path.of("out")).build());
    }

    @Test
    void anEchoTagTheOrderNeedsIsRefusedNamingTheOptionAndTheField()
    {
        final String message = assertThrows(InvalidOptionException.class,
            () -> MarketSpec.builder().set("echo-tag", "44")).getMessage();
        assertTrue(message.startsWith("--echo-tag 44: Price (44) is a field the order needs"), message);
    }

    @Test
    void matchingByPriceReadsNoEcho()
    {
        assertEquals("--match price reads no echo: drop --echo-tag", assertThrows(InvalidOptionException.class,
            () -> MarketSpec.builder().match(MatchBy.PRICE).echoTag(58).build()).getMessage());
        assertEquals(MatchBy.PRICE, MarketSpec.builder().set("match", "price").build().load().match());
        assertEquals("--match: 'size' is not echo or price", assertThrows(InvalidOptionException.class,
            () -> MarketSpec.builder().set("match", "size")).getMessage());
    }

    @Test
    void aTriggerIsAtMostEveryOtherEvent()
    {
        assertEquals("--trigger-every must be at least 2: 1", assertThrows(InvalidOptionException.class,
            () -> MarketSpec.builder().set("trigger-every", "1")).getMessage());
    }

    @Test
    void triggersThatCouldAwaitAtOnceMustFitTheMarketsTable()
    {
        final String message = assertThrows(InvalidOptionException.class, () -> MarketSpec.builder().rate(200_000)
            .triggerEvery(2).timeout(Duration.ofSeconds(1)).build()).getMessage();
        assertEquals("--timeout 1s at 100k triggers/s keeps up to 100000 triggers awaiting, more than the 65536 the " +
            "market holds: shorten --timeout or raise --trigger-every", message);
        assertEquals(200_000.0, MarketSpec.builder().rate(200_000).triggerEvery(2).timeout(Duration.ofMillis(500))
            .build().offeredRate());
        assertThrows(InvalidOptionException.class, () -> MarketSweepSpec.builder().rates(1_000, 200_000)
            .triggerEvery(2).build());
    }

    @Test
    void theWaitForTheApplicationAndItsThreadsAreChecked()
    {
        assertEquals("--await-app must be a positive duration: 0s", assertThrows(InvalidOptionException.class,
            () -> MarketSpec.builder().awaitApp(Duration.ZERO).build()).getMessage());
        assertEquals("--app-busy-threads must be at least 0: -1", assertThrows(InvalidOptionException.class,
            () -> MarketSpec.builder().set("app-busy-threads", "-1")).getMessage());
    }

    @Test
    void theEventMixNeedsAddsAndCancelsAndAddsUpToOne()
    {
        assertEquals(new EventShares(0.5, 0.5, 0), EventShares.parse("add:0.5,cancel:0.5"));
        assertEquals("--event-mix: the shares must add up to 1: add:0.5,cancel:0.4,trade:0.4",
            assertThrows(InvalidOptionException.class, () -> EventShares.parse("add:0.5,cancel:0.4,trade:0.4"))
                .getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> EventShares.parse("add:0.8,trade:0.2"))
            .getMessage().startsWith("--event-mix: adds and cancels need a positive share"));
        assertEquals(EventShares.DEFAULT, EventShares.parse(EventShares.DEFAULT.toString()));
    }

    @Test
    void aStagedScheduleSetsTheEventRateAndTheMeasuredTime()
    {
        final MarketSpec spec = MarketSpec.builder().set("schedule", "steps").set("stages", "1k:2s,3k:2s").build();

        assertEquals(2_000.0, spec.offeredRate());
        assertEquals(Duration.ofSeconds(4), spec.measured());
        assertEquals("--schedule steps is for sonde market: a sweep sets each step's rate",
            assertThrows(InvalidOptionException.class, () -> MarketSweepSpec.builder().rates(1_000)
                .set("schedule", "steps").set("stages", "1k:2s").build()).getMessage());
    }

    @Test
    void aMarketSweepPlansItsEventRatesAndJudgesTickToTradeLoosely()
    {
        final MarketSweepSpec sweep = MarketSweepSpec.builder().from(1_000).to(8_000).build();

        assertEquals(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0), sweep.plan());
        assertEquals(MarketSweepSpec.DEFAULT_SLO, sweep.limits().slo());
        assertEquals("t2t.p99", sweep.limits().slo().get(0).label());
        assertEquals(Path.of("results", "market-sweep"), sweep.out());
        assertEquals("give --rates R1,R2,... or both --from and --to", assertThrows(InvalidOptionException.class,
            () -> MarketSweepSpec.builder().build()).getMessage());
    }
}
