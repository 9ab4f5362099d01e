package io.sonde.scenarios.verdict;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a delivery pipeline reads: the exit code tells a regression (1) from a broken run (3), and the JUnit report
 * lists every check.
 */
@Timeout(120)
class ExitCodesTest
{
    private static ReferenceAcceptor acceptor;

    @BeforeAll
    static void startAcceptor()
    {
        acceptor = new ReferenceAcceptor("pw");
    }

    @AfterAll
    static void stopAcceptor()
    {
        acceptor.close();
    }

    @Test
    void aRunThatPassesEveryCheckExitsZeroAndTheJUnitReportListsEachAsPassed(@TempDir final Path dir)
        throws Exception
    {
        final Path junit = dir.resolve("reports").resolve("sonde.xml");
        final CliHarness cli = run(dir, "--slo", "p99=10s,p99.9=10s", "--junit", junit.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final Element suite = parse(junit);
        final List<String> names = names(suite);
        assertTrue(cli.out.contains("Verdict: every check passed (" + names.size()), cli.out);
        assertEquals("sonde run", suite.getAttribute("name"));
        assertEquals(Integer.toString(names.size()), suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        assertEquals(List.of("Sonde's own schedule", "rate sent", "error rate", "p99 <= 10.0s", "p99.9 <= 10.0s"),
            names.subList(0, 5), "then only warnings (the JIT at work in a fresh test JVM): " + cli.out);
        for (final String warning : names.subList(5, names.size()))
        {
            assertTrue(testCase(suite, warning).getTextContent().startsWith("WARNING: "), warning);
        }
    }

    @Test
    void aMissedObjectiveExitsOneAndIsAFailureNamingThePercentile(@TempDir final Path dir) throws Exception
    {
        final Path junit = dir.resolve("sonde.xml");
        final CliHarness cli = run(dir, "--slo", "p50=1us,p99=10s", "--junit", junit.toString());

        assertEquals(1, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("FAILED slo: p50 <= 1.00µs: corrected p50 "), cli.out);
        final Element suite = parse(junit);
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        final Element failed = testCase(suite, "p50 <= 1.00µs");
        assertEquals("sonde run.slo", failed.getAttribute("classname"));
        assertEquals(1, failed.getElementsByTagName("failure").getLength());
        assertTrue(((Element)failed.getElementsByTagName("failure").item(0)).getAttribute("message")
            .startsWith("corrected p50 "));
        assertEquals(0, testCase(suite, "p99 <= 10.0s").getElementsByTagName("failure").getLength());
    }

    @Test
    void aRunWhereSondeItselfFellBehindIsVoidExitsThreeAndIsAnErrorNotAFailure(@TempDir final Path dir)
        throws Exception
    {
        final Path junit = dir.resolve("sonde.xml");
        // Every process stalls for more than a microsecond in a second of running: Sonde's own hiccup meter sees
        // its wake-ups come late by tens of microseconds at least, so this limit makes Sonde the bottleneck.
        final CliHarness cli = run(dir, "--slo", "p50=1us", "--max-hiccup", "1us", "--junit", junit.toString());

        assertEquals(3, cli.exitCode, "a void result wins over the missed objective: " + cli);
        assertTrue(cli.out.contains(
            "VOID generator: Sonde's own schedule: Sonde fell behind its schedule, so the result is void"),
            cli.out);
        final Element suite = parse(junit);
        assertEquals("1", suite.getAttribute("errors"));
        assertEquals(1, testCase(suite, "Sonde's own schedule").getElementsByTagName("error").getLength());
    }

    @Test
    void anErrorRateThatIsNotAPercentageIsRefusedBeforeConnecting(@TempDir final Path dir)
    {
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:1", "--max-error-rate", "150",
            "--out", dir.toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--max-error-rate must be a percentage from 0 to 100: 150"), cli.err);
    }

    private static CliHarness run(final Path dir, final String... options) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final List<String> args = new ArrayList<>(List.of("run", "--target", "127.0.0.1:" + acceptor.port(),
            "--rate", "300", "--duration", "1s", "--warmup", "0s", "--credentials", credentials.toString(),
            "--out", dir.resolve("out").toString()));
        args.addAll(List.of(options));
        return CliHarness.runMechanics(args.toArray(String[]::new));
    }

    private static Element parse(final Path junit) throws Exception
    {
        final Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        return document.getDocumentElement();
    }

    private static List<String> names(final Element suite)
    {
        final List<String> names = new ArrayList<>();
        final NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++)
        {
            names.add(((Element)cases.item(i)).getAttribute("name"));
        }
        return names;
    }

    private static Element testCase(final Element suite, final String name)
    {
        final NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++)
        {
            final Element testCase = (Element)cases.item(i);
            if (testCase.getAttribute("name").equals(name))
            {
                return testCase;
            }
        }
        throw new AssertionError("no test case '" + name + "' in the JUnit report");
    }
}
