package io.sonde.inprocess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.sonde.api.IdleMode;
import io.sonde.api.MarketSpec;
import io.sonde.api.MarketSweepSpec;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.api.TickToTrade;
import io.sonde.strategy.ReferenceStrategy;
import io.sonde.strategy.StrategySettings;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a real run, a real sweep and a real market run write validates against the published schemas
 * ({@code docs/schema}), which list every field as required and no other: a field renamed or dropped on the writing
 * side fails here before it reaches a user's pipeline.
 */
@Timeout(240)
class SummarySchemaTest
{
    private static final String SCHEMA_URI = "https://sonde.io/schema/";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonSchema summarySchema;
    private static JsonSchema sweepSchema;
    @TempDir
    private static Path refused;

    /**
     * The schemas, and the summary of a run whose target refused it: written at once, without a measurement.
     */
    @BeforeAll
    static void loadSchemasAndRefuseARun()
    {
        assertThrows(RunFailedException.class, () -> Sonde.run(RunSpec.builder()
            .target("127.0.0.1", 1)
            .duration(Duration.ofSeconds(1))
            .out(refused)
            .build(), quiet()));
        final Path folder = Path.of("..", "docs", "schema").toAbsolutePath().normalize();
        final JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
            builder -> builder.schemaMappers(mappers -> mappers.mapPrefix(SCHEMA_URI, folder.toUri().toString())));
        summarySchema = factory.getSchema(SchemaLocation.of(SCHEMA_URI + "summary.schema.json"));
        sweepSchema = factory.getSchema(SchemaLocation.of(SCHEMA_URI + "sweep.schema.json"));
    }

    @Test
    void aRunWithAFaultAndMarketDataWritesASummaryOfThePublishedSchema(@TempDir final Path dir) throws IOException
    {
        final RunSpec.Builder spec = RunSpec.builder()
            .embedded(true)
            .sessions(2)
            .rate(300)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(3))
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .out(dir.resolve("run"));
        spec.set("--market-data", "udp");
        spec.set("--fault", "1s:disconnect:1");
        spec.set("--slo", "p99=10s,tick.p99=10s,recovery=10s");
        final RunReport report = Sonde.run(spec.build(), quiet());

        final JsonNode summary = read(report.folder().resolve(RunReport.SUMMARY_FILE));
        assertEquals(Set.of(), summarySchema.validate(summary));
        assertFalse(summary.path("faults").isEmpty(), "the fault is listed, so its fields were checked too");
        assertTrue(summary.path("marketData").isObject(), "so were the market data's");
        assertTrue(summary.path("corrected").path("intervals").path("p99").isObject(), "and the intervals' fields");
        assertTrue(summary.path("faults").path(0).path("windows").path("during").path("intervals").isObject(),
            "the fault's windows carry theirs: " + summary.path("faults"));
        assertTrue(summary.path("marketData").path("orderToTick").path("intervals").isObject(),
            "so does order-to-tick");
        assertTrue(summary.path("hops").path(0).path("intervals").path("p50").isObject(), "and each hop");
        assertEquals(3, report.slo().size(), "the report reads back what the schema checked: " + report.slo());
        assertEquals(summary.path("fills").path("fillReports").asLong(), report.fills().get("fillReports"));
        assertEquals(summary.path("exchange").path("ordersAccepted").asLong(),
            report.exchange().orElseThrow().get("ordersAccepted"));
        assertEquals(summary.path("warmupSeconds").asDouble(), report.warmupSeconds());
        assertEquals(summary.path("compilerBusy").size(), report.compilerBusy().size());
        assertEquals(summary.path("venueClock").path("answers").asLong(), report.venueClock().orElseThrow().answers());
    }

    @Test
    void aBookRunWritesItsBookInTheSummaryOfThePublishedSchema(@TempDir final Path dir) throws IOException
    {
        final RunSpec.Builder spec = RunSpec.builder()
            .embedded(true)
            .rate(300)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(2))
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .out(dir.resolve("run"));
        spec.set("--flow", "book");
        spec.set("--market-data", "udp");
        final RunReport report = Sonde.run(spec.build(), quiet());

        final JsonNode summary = read(report.folder().resolve(RunReport.SUMMARY_FILE));
        assertEquals(Set.of(), summarySchema.validate(summary));
        assertTrue(summary.path("book").isObject(), "the book is there, so its fields were checked too");
        assertEquals(summary.path("book").path("trades").asLong(), report.book().orElseThrow().trades());
        assertEquals(summary.path("book").path("restingBySecond").size(),
            report.book().orElseThrow().restingBySecond().size());
        assertTrue(summary.path("book").path("feed").path("tradeToTick").isObject(), "so were its feed's");
        assertEquals(summary.path("book").path("feed").path("passiveSeen").asLong(),
            report.book().orElseThrow().feed().passiveSeen());
    }

    @Test
    void aSweepWritesASweepFileAndStepSummariesOfThePublishedSchemas(@TempDir final Path dir) throws IOException
    {
        final SweepReport report = Sonde.sweep(SweepSpec.builder()
            .embedded(true)
            .rates(200, 400)
            .warmup(Duration.ZERO)
            .stepDuration(Duration.ofSeconds(2))
            .repeat(2)
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .slo("p99=10s")
            .out(dir.resolve("sweep"))
            .build(), quiet());

        assertEquals(Set.of(), sweepSchema.validate(read(report.folder().resolve(SweepReport.SWEEP_FILE))));
        assertEquals(2, report.steps().size());
        for (final SweepReport.Step step : report.steps())
        {
            assertEquals(1.0, step.meetsObjectives().orElseThrow().probability(),
                "p99 ≤ 10 s holds in every resample of a step at a few hundred a second");
            assertEquals(Set.of(), summarySchema.validate(read(step.run().folder().resolve(RunReport.SUMMARY_FILE))),
                step.run().folder().toString());
            assertEquals(2, step.run().runs().size(), "each step measured twice, so its runs were checked too");
        }
    }

    @Test
    void aMarketRunWritesItsTickToTradeInTheSummaryOfThePublishedSchema(@TempDir final Path dir) throws IOException
    {
        final int feedPort = freeUdpPort();
        final AtomicReference<ReferenceStrategy> strategy = new AtomicReference<>();
        final MarketSpec spec = MarketSpec.builder()
            .port(0)
            .mdUdp("127.0.0.1:" + feedPort)
            .rate(1_000)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(2))
            .idle(IdleMode.BACKOFF)
            .appBusyThreads(0)
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .slo("t2t.p99=10s")
            .out(dir.resolve("market"))
            .build();
        try
        {
            final RunReport report = Sonde.market(spec, withStrategy(feedPort, strategy));

            final JsonNode summary = read(report.folder().resolve(RunReport.SUMMARY_FILE));
            assertEquals(Set.of(), summarySchema.validate(summary));
            assertEquals("market", summary.path("kind").asText());
            final TickToTrade tickToTrade = report.tickToTrade().orElseThrow();
            assertEquals(report.outcomes().sent(), tickToTrade.triggers(), "the same totals, so they agree");
            assertTrue(tickToTrade.answered() > 0, summary.toString());
            assertTrue(summary.path("tickToTrade").path("publishLateness").isObject(), summary.toString());
        }
        finally
        {
            CloseHelper.close(strategy.get());
        }
    }

    @Test
    void aMarketSweepWritesASweepFileAndMarketStepsOfThePublishedSchemas(@TempDir final Path dir) throws IOException
    {
        final int feedPort = freeUdpPort();
        final AtomicReference<ReferenceStrategy> strategy = new AtomicReference<>();
        final MarketSweepSpec spec = MarketSweepSpec.builder()
            .port(0)
            .mdUdp("127.0.0.1:" + feedPort)
            .rates(500, 1_000)
            .warmup(Duration.ZERO)
            .stepDuration(Duration.ofSeconds(1))
            .idle(IdleMode.BACKOFF)
            .appBusyThreads(0)
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .slo("t2t.p99=10s")
            .out(dir.resolve("market-sweep"))
            .build();
        try
        {
            final SweepReport report = Sonde.marketSweep(spec, withStrategy(feedPort, strategy));

            assertEquals(Set.of(), sweepSchema.validate(read(report.folder().resolve(SweepReport.SWEEP_FILE))));
            assertEquals(2, report.steps().size(), "one market, the application connected, for both steps");
            for (final SweepReport.Step step : report.steps())
            {
                assertEquals(Set.of(), summarySchema.validate(read(step.run().folder()
                    .resolve(RunReport.SUMMARY_FILE))), step.run().folder().toString());
                assertEquals("market", step.run().kind());
                assertTrue(step.run().tickToTrade().orElseThrow().answered() > 0, step.run().toString());
            }
        }
        finally
        {
            CloseHelper.close(strategy.get());
        }
    }

    @Test
    void aRunThatCouldNotBeCarriedOutWritesASummaryOfThePublishedSchema() throws IOException
    {
        final JsonNode summary = read(refused.resolve(RunReport.SUMMARY_FILE));

        assertEquals(Set.of(), summarySchema.validate(summary));
        assertTrue(summary.path("notCarriedOut").isTextual(), summary.toString());
    }

    @Test
    void aRenamedFieldFailsTheSchema() throws IOException
    {
        final ObjectNode summary = (ObjectNode)read(refused.resolve(RunReport.SUMMARY_FILE));
        summary.set("targetRatePerSecond", summary.remove("targetRate"));

        final Set<ValidationMessage> errors = summarySchema.validate(summary);

        assertTrue(named(errors, "'targetRatePerSecond'"), "the new name is not in the schema: " + errors);
        assertTrue(named(errors, "'targetRate'"), "the old name is required: " + errors);
    }

    private static boolean named(final Set<ValidationMessage> errors, final String field)
    {
        return errors.stream().anyMatch(error -> error.getMessage().contains(field));
    }

    private static JsonNode read(final Path file) throws IOException
    {
        return JSON.readTree(file.toFile());
    }

    /**
     * @return quiet options that start the reference strategy, reacting to the triggers on {@code feedPort}, once
     *         the market listens.
     */
    private static RunOptions withStrategy(final int feedPort, final AtomicReference<ReferenceStrategy> strategy)
    {
        return RunOptions.builder().console(quiet()).progress(RunOptions.Progress.QUIET)
            .onMarketReady(market -> strategy.set(new ReferenceStrategy(new StrategySettings(
                new InetSocketAddress("127.0.0.1", feedPort), "127.0.0.1", market.fixPort(), "APP", market.compId(),
                StrategySettings.FIX_4_4, StrategySettings.TEXT_TAG, List.of("SONDE.A"), Duration.ZERO,
                Duration.ofSeconds(1)), new BackoffIdleStrategy())))
            .build();
    }

    private static int freeUdpPort() throws IOException
    {
        try (DatagramChannel free = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0)))
        {
            return ((InetSocketAddress)free.getLocalAddress()).getPort();
        }
    }

    private static PrintWriter quiet()
    {
        return new PrintWriter(new StringWriter());
    }
}
