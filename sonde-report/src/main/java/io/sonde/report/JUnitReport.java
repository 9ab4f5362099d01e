package io.sonde.report;

import io.sonde.api.Check;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --junit FILE}, and {@code RunOptions.junitReport} for a run in a test's JVM: each check as a JUnit test
 * case, in the XML CI servers read (the Ant JUnit report format), as Gatling does. A failed check is a
 * {@code <failure>}; a void one an {@code <error>}: the test could not be carried out, which is not the system under
 * test failing.
 */
public final class JUnitReport
{
    private JUnitReport()
    {
    }

    /**
     * @param suite the test suite's name, e.g. {@code sonde run}.
     */
    public static void write(final Path file, final String suite, final List<Check> checks)
    {
        try
        {
            final Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
            {
                final XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
                xml.writeStartDocument("UTF-8", "1.0");
                xml.writeCharacters("\n");
                xml.writeStartElement("testsuite");
                xml.writeAttribute("name", suite);
                xml.writeAttribute("tests", Integer.toString(checks.size()));
                xml.writeAttribute("failures", Long.toString(count(checks, Check.Outcome.FAILED)));
                xml.writeAttribute("errors", Long.toString(count(checks, Check.Outcome.VOID)));
                xml.writeCharacters("\n");
                for (final Check check : checks)
                {
                    testCase(xml, suite, check);
                }
                xml.writeEndElement();
                xml.writeCharacters("\n");
                xml.writeEndDocument();
                xml.close();
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write the JUnit report " + file, ex);
        }
        catch (final XMLStreamException ex)
        {
            throw new IllegalStateException("cannot write the JUnit report " + file + ": " + ex.getMessage(), ex);
        }
    }

    private static void testCase(final XMLStreamWriter xml, final String suite, final Check check)
        throws XMLStreamException
    {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", suite + "." + check.group());
        xml.writeAttribute("name", check.name());
        xml.writeAttribute("time", "0");
        if (check.passed())
        {
            xml.writeStartElement("system-out");
            xml.writeCharacters((check.outcome() == Check.Outcome.WARNING ? "WARNING: " : "") + check.detail());
            xml.writeEndElement();
        }
        else
        {
            xml.writeStartElement(check.outcome() == Check.Outcome.FAILED ? "failure" : "error");
            xml.writeAttribute("message", check.detail());
            xml.writeCharacters(check.detail());
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    private static long count(final List<Check> checks, final Check.Outcome outcome)
    {
        return checks.stream().filter(check -> check.outcome() == outcome).count();
    }
}
