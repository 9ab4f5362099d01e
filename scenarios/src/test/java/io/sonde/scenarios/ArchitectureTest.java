package io.sonde.scenarios;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The module rules of docs/architecture.md, checked on the compiled main classes of every module. Maven's
 * dependency graph allows more than these rules do (a module may see a library it must not use on its own
 * account), so they are stated here, where a build fails when one is broken.
 */
class ArchitectureTest
{
    private static final JavaClasses SONDE = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ArchitectureTest::isNotATestJar)
        .importPackages("io.sonde");
    private static final String EXCHANGE_HOST = "io.sonde.exchange.host..";

    /** Code generated from the FIX dictionaries and the SBE schemas, named by its generator, not by Sonde. */
    private static final List<String> GENERATED_PACKAGES =
        List.of("io.sonde.fix.codecs", "io.sonde.exchange.sbe", "io.sonde.md.sbe");

    /**
     * Test helpers shared between modules come in test jars once a build has packaged them (target/test-classes
     * before), which the predefined option does not recognise as tests.
     */
    private static boolean isNotATestJar(final Location location)
    {
        return !location.contains("-tests.jar");
    }

    @Test
    void theLoadGeneratorCoreKnowsNoFix()
    {
        noClasses().that().resideInAPackage("io.sonde.loadgen..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix..", "uk.co.real_logic.artio..",
                "io.sonde.exchange..", "io.sonde.probe..")
            .because("loadgen-core measures any transport: FIX is one of them")
            .check(SONDE);
    }

    @Test
    void theHiccupAgentNeedsNothingButTheJdkAndHdrHistogram()
    {
        classes().that().resideInAPackage("io.sonde.agent..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.HdrHistogram..", "io.sonde.agent..")
            .because("sonde-agent.jar is loaded into any JVM: it carries only its own code and a relocated " +
                "HdrHistogram, so it clashes with nothing the JVM already has")
            .check(SONDE);
    }

    @Test
    void theBundledExchangeStandsAloneFromTheToolThatMeasuresIt()
    {
        noClasses().that().resideInAPackage("io.sonde.exchange..")
            .and().resideOutsideOfPackage(EXCHANGE_HOST)
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.loadgen..", "io.sonde.fix.client..",
                "io.sonde.probe..", "io.sonde.api..", EXCHANGE_HOST, "io.sonde.market..", "io.sonde.strategy..")
            .because("the system under test must not share code paths with the client that measures it, nor know " +
                "what hosts it")
            .check(SONDE);
    }

    @Test
    void theExchangesHostingSharesTheHostButNoCodePathOfTheClient()
    {
        noClasses().that().resideInAPackage(EXCHANGE_HOST)
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix.client..", "io.sonde.probe..",
                "io.sonde.inprocess..", "io.sonde.loadgen.runner..", "io.sonde.loadgen.transport..")
            .because("exchange-host runs the exchange with the host's idle policy and hiccup recording, which every " +
                "Sonde process shares, and nothing of the load that measures it; the runner starts its members, " +
                "never the other way")
            .check(SONDE);
    }

    @Test
    void librariesNeverReachIntoTheCommandLine()
    {
        noClasses().that().resideOutsideOfPackage("io.sonde.scenarios..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.scenarios..", "picocli..")
            .because("the CLI is the outermost layer: libraries are used by it, never the other way")
            .check(SONDE);
    }

    @Test
    void theCommandLineMeasuresNothingItself()
    {
        noClasses().that().resideInAPackage("io.sonde.scenarios..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.loadgen.schedule..",
                "io.sonde.loadgen.transport..", "io.sonde.fix.client.replay..", "io.sonde.inprocess.floor..")
            .orShould().dependOnClassesThat().haveNameMatching("io\\.sonde\\.loadgen\\.runner\\.(LoadRun|RunConfig)")
            .orShould().dependOnClassesThat().haveNameMatching(
                "io\\.sonde\\.inprocess\\.run\\.(MeasuredFixRun|LoadPlan|TargetSystem|FixStep)")
            .orShould().dependOnClassesThat().haveNameMatching(
                "io\\.sonde\\.inprocess\\.market\\.(MarketRun|Markets|MarketSweeps)(\\$.*)?")
            .because("calibrate, run, sweep, replay, market and market-sweep measure behind io.sonde.inprocess.Sonde " +
                "and the engine it calls, so an API user gets what the command line gets: the CLI parses, calls and " +
                "prints")
            .check(SONDE);
    }

    @Test
    void theProbeNeverDependsOnTheBundledExchange()
    {
        noClasses().that().resideInAPackage("io.sonde.probe..")
            .should().dependOnClassesThat().resideInAPackage("io.sonde.exchange..")
            .because("the probe runs against real venues; the bundled exchange is only its test counterparty")
            .check(SONDE);
    }

    @Test
    void theProbeNeverReachesTheLoadFlowsOrTheBook()
    {
        noClasses().that().resideInAPackage("io.sonde.probe..")
            .should().dependOnClassesThat().haveNameMatching("io\\.sonde\\.fix\\.client\\.order\\." +
                "(Book.*|RestingBook|FixOrderTransport|RandomOrders|OrderFlow|FlowChooser|OrderParameters)(\\$.*)?")
            .orShould().dependOnClassesThat().haveNameMatching("io\\.sonde\\.api\\.(Book.*|Flow|FlowMix|FixLoad)" +
                "(\\$.*)?")
            .because("the probe sends only its one order, priced from its config far from the market " +
                "(ProbeConfig refuses a marketable price unless forced): no load flow, and never the book flow's " +
                "aggressive orders that cross, can reach a production venue through it")
            .check(SONDE);
    }

    @Test
    void onlyTheResultsHistoryTalksToADatabase()
    {
        noClasses().that().resideOutsideOfPackage("io.sonde.history..")
            .should().dependOnClassesThat().resideInAPackage("java.sql..")
            .because("sonde-history is the one module with JDBC drivers: no other code path loads them")
            .check(SONDE);
    }

    @Test
    void reportsHistoryAndMetricsKnowNoFix()
    {
        noClasses().that().resideInAnyPackage("io.sonde.report..", "io.sonde.history..", "io.sonde.metrics..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix..", "uk.co.real_logic.artio..",
                "io.sonde.exchange..", "io.sonde.probe..")
            .because("reports and the history read what a run wrote, and metrics serve what a run or the probe " +
                "measured: the CLI, the probe and the API share them, whatever the transport")
            .check(SONDE);
    }

    @Test
    void theFixCodecsKnowNoneOfTheirUsers()
    {
        noClasses().that().resideInAPackage("io.sonde.fix.codecs..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix.engine..", "io.sonde.fix.client..",
                "io.sonde.acceptor..", "io.sonde.exchange..", "io.sonde.loadgen..", "io.sonde.probe..", "io.sonde.md..",
                "io.sonde.market..", "io.sonde.strategy..")
            .because("fix-codecs holds the dictionaries and the codecs generated from them, below everything that " +
                "speaks FIX")
            .check(SONDE);
    }

    @Test
    void theEngineHostKnowsNoneOfItsUsers()
    {
        noClasses().that().resideInAPackage("io.sonde.fix.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix.client..", "io.sonde.acceptor..",
                "io.sonde.exchange..", "io.sonde.loadgen..", "io.sonde.probe..", "io.sonde.md..", "io.sonde.market..",
                "io.sonde.strategy..")
            .because("fix-engine hosts Artio for the client, the probe, the reference acceptor, the exchange, the " +
                "market and the reference strategy, below all of them")
            .check(SONDE);
    }

    @Test
    void theReferenceAcceptorSharesNoOrderLogicWithTheClient()
    {
        noClasses().that().resideInAPackage("io.sonde.acceptor..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix.client..", "io.sonde.api..",
                "io.sonde.loadgen..", "io.sonde.exchange..", "io.sonde.probe..", "io.sonde.market..",
                "io.sonde.strategy..")
            .because("the acceptor answers the client: sharing its order logic would hide the client's defects " +
                "from the tests it serves in")
            .check(SONDE);
    }

    @Test
    void theFeedFormatKnowsNeitherItsPublishersNorTheLoad()
    {
        noClasses().that().resideInAPackage("io.sonde.md..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.exchange..", "io.sonde.loadgen..",
                "io.sonde.fix.client..", "io.sonde.market..", "io.sonde.strategy..")
            .because("market-data is the feed's format and publishing, shared by the bundled exchange and the market " +
                "that publish it and by the consumers that read it: it can know none of them")
            .check(SONDE);
    }

    @Test
    void theMarketSharesNoCodePathWithTheClientTheExchangeOrTheApplicationItMeasures()
    {
        noClasses().that().resideInAPackage("io.sonde.market..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.fix.client..", "io.sonde.exchange..",
                "io.sonde.inprocess..", "io.sonde.strategy..", "io.sonde.probe..")
            .because("sonde-market is the market's hot path below the run machinery, like fix-client is the " +
                "client's: it answers orders with the reference acceptor's code and publishes with market-data's, " +
                "and shares nothing with the trading application it measures")
            .check(SONDE);
    }

    @Test
    void theReferenceStrategySharesNothingWithTheMarketThatMeasuresIt()
    {
        noClasses().that().resideInAPackage("io.sonde.strategy..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sonde.market..", "io.sonde.fix.client..",
                "io.sonde.loadgen..", "io.sonde.api..", "io.sonde.exchange..", "io.sonde.acceptor..",
                "io.sonde.inprocess..", "io.sonde.probe..")
            .because("the reference strategy is the application the market measures: sharing the market's matching " +
                "or the client's order code would let one defect on both sides of the wire pass the tests unseen; " +
                "it shares only the feed's format and the FIX codecs and engine hosting")
            .check(SONDE);
    }

    /**
     * One name, one type: a reader meeting {@code FlowMix} in any module knows which one it is, and no file needs
     * a fully qualified name to tell two apart. Top-level types count (a nested type is read with its owner's
     * name); generated codecs are left out.
     */
    @Test
    void noTwoMainTypesShareASimpleName()
    {
        final Map<String, Set<String>> byName = new TreeMap<>();
        for (final JavaClass type : SONDE)
        {
            if (type.isTopLevelClass() && !isGenerated(type) && !type.getSimpleName().endsWith("-info"))
            {
                byName.computeIfAbsent(type.getSimpleName(), name -> new TreeSet<>()).add(type.getName());
            }
        }
        final Map<String, Set<String>> shared = byName.entrySet().stream()
            .filter(entry -> entry.getValue().size() > 1)
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));

        assertEquals(Map.of(), shared, "types of one simple name: rename one for what it is");
    }

    private static boolean isGenerated(final JavaClass type)
    {
        return GENERATED_PACKAGES.stream().anyMatch(generated ->
            type.getPackageName().equals(generated) || type.getPackageName().startsWith(generated + "."));
    }
}
