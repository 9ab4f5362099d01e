package io.sonde.scenarios.venue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.venue.FixMessage;
import io.sonde.fix.client.venue.StrictVenue;
import io.sonde.fix.codecs.MsgType;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example venue profiles in {@code docs/venues}, each run with every flow against a strict venue of its FIX
 * version that rejects any order missing the fields the profile promises: every order balances with no reject,
 * and the fields arrive as the profile says, field by field, groups in order.
 */
@Timeout(180)
class ExampleVenuesTest
{
    private static final Path VENUES = Path.of("..", "docs", "venues");
    private static final Set<Integer> NEW_ORDER = Set.of(11, 55, 54, 60, 38, 40, 44, 59);
    private static final Set<Integer> CANCEL = Set.of(11, 41, 55, 54, 60, 38);
    private static final Set<Integer> REPLACE = Set.of(11, 41, 55, 54, 60, 38, 40, 44, 59);

    @Test
    void aFix42EquitiesVenueGetsHandlInstExDestinationCapacityAndTheTraderOnEveryOrder(@TempDir final Path dir)
        throws Exception
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_4_2, Map.of(
            MsgType.NEW_ORDER_SINGLE, with(NEW_ORDER, 1, 21, 100, 47, 5001),
            MsgType.ORDER_CANCEL_REQUEST, with(CANCEL, 1, 100),
            MsgType.ORDER_CANCEL_REPLACE_REQUEST, with(REPLACE, 1, 21, 100))))
        {
            runBalanced(venue, "fix42-equities.yaml", dir);

            for (final FixMessage logon : venue.received(MsgType.LOGON))
            {
                assertEquals("perf-team", logon.get(553), logon.toString());
                assertEquals("change-me", logon.get(96), "the password where this venue reads it: " + logon);
            }
            final List<FixMessage> orders = venue.received(MsgType.NEW_ORDER_SINGLE);
            final Set<String> destinations = new HashSet<>();
            for (final FixMessage order : orders)
            {
                assertEquals("FIX.4.2", order.get(8));
                assertEquals("PERF", order.get(50), "the profile's SenderSubID");
                assertTrue(order.get(11).matches("\\d{20}"), "a digits-only ClOrdID: " + order);
                assertEquals("1", order.get(21));
                assertEquals("A", order.get(47));
                assertEquals("PERF01", order.get(1));
                final BigDecimal reference =
                    order.get(55).equals("IBM") ? new BigDecimal("150") : new BigDecimal("400");
                assertWithinLimits(order, reference, new BigDecimal("0.01"), 100, new BigDecimal("5"));
                assertEquals("TRADER" + order.get(49).substring("SONDE".length()), order.get(5001), order.toString());
                destinations.add(order.get(100));
            }
            assertEquals(Set.of("XNYS", "ARCX"), destinations, "ExDestination cycles");
            for (final FixMessage cancel : venue.received(MsgType.ORDER_CANCEL_REQUEST))
            {
                assertEquals("XNYS", cancel.get(100));
                assertTrue(cancel.get(11).matches("\\d{20}") && cancel.get(41).matches("\\d{20}"),
                    cancel.toString());
            }
        }
    }

    @Test
    void aFix50Sp2DerivativesVenueGetsItsInstrumentIdsAndThePartiesGroupInOrder(@TempDir final Path dir)
        throws Exception
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_5_0_SP2, Map.of(
            MsgType.NEW_ORDER_SINGLE, with(NEW_ORDER, 22, 48, 453, 448, 447, 452, 1028, 1724, 526),
            MsgType.ORDER_CANCEL_REQUEST, with(CANCEL, 22, 48),
            MsgType.ORDER_CANCEL_REPLACE_REQUEST, with(REPLACE, 22, 48))))
        {
            runBalanced(venue, "fix50sp2-derivatives.yaml", dir);

            final Map<String, Long> lastSecondaryIdBySender = new HashMap<>();
            for (final FixMessage order : venue.received(MsgType.NEW_ORDER_SINGLE))
            {
                final String text = order.toString();
                assertEquals("FIXT.1.1", order.get(8));
                assertTrue(order.get(48).equals("1000123") || order.get(48).equals("1000124"), text);
                assertWithinLimits(order, new BigDecimal("5000"), BigDecimal.ONE, 1, new BigDecimal("3"));
                final String sessionNumber = order.get(49).substring("SONDE".length());
                assertTrue(text.matches(".*\\|453=3\\|448=FIRM1\\|447=D\\|452=1\\|448=TRADER" + sessionNumber +
                    "\\|447=D\\|452=12\\|448=\\d{6}\\|447=D\\|452=3\\|1028=N\\|1724=5\\|526=\\d+\\|10=.*"), text);
                final long secondaryId = Long.parseLong(order.get(526));
                final Long previous = lastSecondaryIdBySender.put(order.get(49), secondaryId);
                assertEquals(previous == null ? 1 : previous + 1, secondaryId, "a counter per session: " + text);
            }
        }
    }

    @Test
    void theBundledExchangesProfileNeedsNothingExtra(@TempDir final Path dir) throws Exception
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_4_4, Map.of(
            MsgType.NEW_ORDER_SINGLE, NEW_ORDER, MsgType.ORDER_CANCEL_REQUEST, CANCEL,
            MsgType.ORDER_CANCEL_REPLACE_REQUEST, REPLACE)))
        {
            runBalanced(venue, "sonde-exchange.yaml", dir);

            for (final FixMessage order : venue.received(MsgType.NEW_ORDER_SINGLE))
            {
                assertTrue(order.get(55).startsWith("SONDE."), order.toString());
            }
        }
    }

    private static void runBalanced(final StrictVenue venue, final String profile, final Path dir) throws Exception
    {
        final Path out = dir.resolve("out");
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + venue.port(),
            "--venue", VENUES.resolve(profile).toString(), "--target-comp-id", StrictVenue.COMP_ID,
            "--sessions", "2", "--flow", "mix", "--rate", "200", "--duration", "2s", "--warmup", "0s",
            "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long sent = summary.get("sent").asLong();
        assertTrue(sent >= 300, "sent " + sent);
        assertEquals(sent, summary.get("acknowledged").asLong(), summary.toString());
        assertEquals(0, venue.rejectsSent(), "the venue rejected nothing");
        assertEquals(0, summary.get("venueRejects").size(), summary.toString());
        assertEquals(sent, venue.received(MsgType.NEW_ORDER_SINGLE).size());
        assertTrue(venue.received(MsgType.ORDER_CANCEL_REQUEST).size() > 0, "the mix cancels");
        assertTrue(venue.received(MsgType.ORDER_CANCEL_REPLACE_REQUEST).size() > 0, "the mix replaces");
    }

    /**
     * The price is a whole number of ticks inside the band around the reference; the quantity whole lots.
     */
    private static void assertWithinLimits(
        final FixMessage order, final BigDecimal reference, final BigDecimal tick, final long lot,
        final BigDecimal bandPercent)
    {
        final BigDecimal price = new BigDecimal(order.get(44));
        final BigDecimal band = reference.multiply(bandPercent).movePointLeft(2);
        assertEquals(0, price.remainder(tick).signum(), "price on the tick: " + order);
        assertTrue(price.subtract(reference).abs().compareTo(band) <= 0, "price within the band: " + order);
        assertEquals(0, new BigDecimal(order.get(38)).longValueExact() % lot, "whole lots: " + order);
    }

    private static Set<Integer> with(final Set<Integer> base, final int... tags)
    {
        final Set<Integer> all = new HashSet<>(base);
        for (final int tag : tags)
        {
            all.add(tag);
        }
        return all;
    }
}
