package io.sonde.scenarios.probe;

import io.sonde.api.FixVersion;
import io.sonde.fix.client.venue.FixMessage;
import io.sonde.fix.client.venue.StrictVenue;
import io.sonde.fix.codecs.MsgType;
import io.sonde.scenarios.SondeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde probe --venue}: the probe speaks the venue's FIX version and puts the profile's fields on every
 * probe order and its cancel, so a strict FIX 4.2 venue accepts them all; a profile with problems cannot run.
 */
@Timeout(120)
class ProbeVenueProfileTest
{
    private static final Path FIX42_EQUITIES = Path.of("..", "docs", "venues", "fix42-equities.yaml");

    @TempDir
    Path folder;

    @Test
    void aStrictFix42VenueAcceptsEveryProbeOrderAndCancelWithTheProfilesFields() throws Exception
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_4_2, Map.of(
            MsgType.NEW_ORDER_SINGLE, Set.of(11, 55, 54, 60, 38, 40, 44, 59, 21, 100, 47, 5001),
            MsgType.ORDER_CANCEL_REQUEST, Set.of(11, 41, 55, 54, 60, 38, 100))))
        {
            final Path config = ProbeHarness.writeConfig(folder, venue.port(), "target.comp.id=" + StrictVenue.COMP_ID,
                "clordid.prefix=9");

            final StringWriter out = new StringWriter();
            final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(out, true), "probe",
                "--config", config.toString(), "--venue", FIX42_EQUITIES.toString(), "--once", "3");

            assertEquals(0, exitCode, out.toString());
            assertEquals(0, venue.rejectsSent(), out.toString());
            final List<FixMessage> orders = venue.received(MsgType.NEW_ORDER_SINGLE);
            assertEquals(3, orders.size(), out.toString());
            for (final FixMessage order : orders)
            {
                assertEquals("FIX.4.2", order.get(8));
                assertEquals("PERF", order.get(50));
                assertEquals("1", order.get(21));
                assertEquals("A", order.get(47));
                assertEquals("TRADER1", order.get(5001));
                assertTrue(order.get(11).matches("9\\d{18}"), "digits only, after the probe's prefix: " + order);
            }
            final List<FixMessage> cancels = venue.received(MsgType.ORDER_CANCEL_REQUEST);
            assertEquals(3, cancels.size(), "every probe order cancelled: " + out);
            for (final FixMessage cancel : cancels)
            {
                assertEquals("XNYS", cancel.get(100));
            }
        }
    }

    @Test
    void aProfileWithProblemsCannotRun() throws Exception
    {
        final Path venue = Files.writeString(folder.resolve("venue.yaml"), "fix: {version: FIX.3.0}\n");
        final Path config = ProbeHarness.writeConfig(folder, 9, "target.comp.id=X");

        final StringWriter out = new StringWriter();
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(out, true), "probe",
            "--config", config.toString(), "--venue", venue.toString(), "--once", "1");

        assertEquals(2, exitCode, out.toString());
        assertTrue(out.toString().contains("fix.version: unknown FIX version 'FIX.3.0'"), out.toString());
    }

    @Test
    void aVenueOfDigitOnlyClOrdIdsAndAProbePrefixWithLettersCannotRun() throws Exception
    {
        final Path config = ProbeHarness.writeConfig(folder, 9, "target.comp.id=X", "clordid.prefix=PRB");

        final StringWriter out = new StringWriter();
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(out, true), "probe",
            "--config", config.toString(), "--venue", FIX42_EQUITIES.toString(), "--once", "1");

        assertEquals(2, exitCode, out.toString());
        assertTrue(out.toString().contains("the venue takes ClOrdIDs of digits only"), out.toString());
    }
}
