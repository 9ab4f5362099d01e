package io.sonde.fix.client;

import io.sonde.api.FixVersion;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.FixDictionaries;
import io.sonde.fix.client.session.PasswordField;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.fix.client.venue.FixMessage;
import io.sonde.fix.client.venue.StrictVenue;
import io.sonde.fix.codecs.MsgType;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sonde speaks FIX 4.2, FIX 4.4 and FIX 5.0 SP2 over FIXT.1.1: against a strict venue of each version, its
 * sessions log on, every order flow balances without a single reject, and every message on the wire carries the
 * version's BeginString (over FIXT, the Logon names FIX 5.0 SP2 too). A venue of another version refuses it.
 */
@Timeout(120)
class FixVersionsTest
{
    private static final int SESSIONS = 2;
    private static final int CAPACITY = 1 << 12;
    private static final String SOH = "\u0001";
    /** Artio's acceptor masks Password (554) before it hands a Logon on; RawData it leaves alone. */
    private static final String MASKED_BY_ARTIO = "***";
    /** The tags every order of Sonde's carries, by MsgType: what a strict venue of any version may require. */
    private static final Map<MsgType, Set<Integer>> SONDE_ORDER_TAGS = Map.of(
        MsgType.NEW_ORDER_SINGLE, Set.of(11, 55, 54, 60, 38, 40, 44, 59),
        MsgType.ORDER_CANCEL_REQUEST, Set.of(11, 41, 55, 54, 60, 38),
        MsgType.ORDER_CANCEL_REPLACE_REQUEST, Set.of(11, 41, 55, 54, 60, 38, 40, 44, 59));

    static Stream<Arguments> everyVersionAndFlow()
    {
        return Stream.of(FixVersion.values()).flatMap(version -> Stream.of(OrderFlow.values())
            .map(flow -> Arguments.of(version, flow)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyVersionAndFlow")
    void everyFlowBalancesAgainstAStrictVenueOfTheSessionsVersion(
        final FixVersion version, final OrderFlow flow, @TempDir final Path dir)
    {
        try (StrictVenue venue = new StrictVenue(version, SONDE_ORDER_TAGS);
            FixClient<FixOrderTransport> client = start(dir, version, venue, flow))
        {
            final RunResult result = run(client);

            final long sent = result.measurement().sent();
            assertTrue(sent > 0, result.toString());
            assertTrue(result.measurement().balances(), result.toString());
            assertEquals(sent, result.measurement().acknowledged(), result.toString());
            assertEquals(0, result.measurement().timedOut(), result.toString());
            assertEquals(0, venue.rejectsSent());
            assertEquals(0, client.transport().failures().sessionRejects());
            assertEquals(0, client.transport().failures().businessRejects());
            assertEquals(0, client.transport().failures().orderRejects());
            // Each request of the book flow is one message: a new order, or a cancel or replace of a resting one.
            final int followUps = flow != OrderFlow.BOOK ? 0 :
                venue.received(MsgType.ORDER_CANCEL_REQUEST).size() +
                venue.received(MsgType.ORDER_CANCEL_REPLACE_REQUEST).size();
            assertEquals(result.warmup().sent() + sent, venue.received(MsgType.NEW_ORDER_SINGLE).size() + followUps);
            assertEquals(flow != OrderFlow.NEW, !venue.received(MsgType.ORDER_CANCEL_REQUEST).isEmpty());
            assertEquals(flow == OrderFlow.NEW_REPLACE_CANCEL,
                !venue.received(MsgType.ORDER_CANCEL_REPLACE_REQUEST).isEmpty());
            assertEveryMessageCarries(FixDictionaries.beginString(version), venue);
            report(version, flow, result);
        }
    }

    @ParameterizedTest
    @EnumSource(FixVersion.class)
    void theLogonOnTheWireIsTheVersionsAndOverFixtNamesFix50Sp2(final FixVersion version, @TempDir final Path dir)
    {
        try (StrictVenue venue = new StrictVenue(version, SONDE_ORDER_TAGS);
            FixClient<FixOrderTransport> client = start(dir, version, venue))
        {
            assertEquals(SESSIONS, client.sessions().activeCount());
            final List<FixMessage> logons = venue.received(MsgType.LOGON);
            assertEquals(SESSIONS, logons.size(), logons.toString());
            for (final FixMessage logon : logons)
            {
                assertEquals(FixDictionaries.beginString(version), logon.get(8), logon.toString());
                assertEquals(version == FixVersion.FIX_5_0_SP2 ? "9" : null, logon.get(1137), logon.toString());
            }
            assertTrue(venue.refusedLogons().isEmpty());
        }
    }

    @ParameterizedTest
    @EnumSource(FixVersion.class)
    void aPasswordTheVenueReadsFromRawDataGoesInRawDataAndNotInPassword(
        final FixVersion version, @TempDir final Path dir)
    {
        final Credentials credentials = new Credentials("trader", "s3cret", PasswordField.RAW_DATA);
        try (StrictVenue venue = new StrictVenue(version, SONDE_ORDER_TAGS);
            FixClient<FixOrderTransport> client = start(dir, version, venue, credentials))
        {
            assertEquals(SESSIONS, client.sessions().activeCount());
            for (final FixMessage logon : venue.received(MsgType.LOGON))
            {
                assertEquals("trader", logon.get(553), logon.toString());
                assertEquals("6", logon.get(95), logon.toString());
                assertEquals("s3cret", logon.get(96), logon.toString());
                assertNull(logon.get(554), logon.toString());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(FixVersion.class)
    void aPasswordGoesInPasswordByDefault(final FixVersion version, @TempDir final Path dir)
    {
        final Credentials credentials = new Credentials("trader", "s3cret");
        try (StrictVenue venue = new StrictVenue(version, SONDE_ORDER_TAGS);
            FixClient<FixOrderTransport> client = start(dir, version, venue, credentials))
        {
            assertEquals(SESSIONS, client.sessions().activeCount());
            for (final FixMessage logon : venue.received(MsgType.LOGON))
            {
                assertEquals("trader", logon.get(553), logon.toString());
                assertEquals(MASKED_BY_ARTIO, logon.get(554), logon.toString());
                assertNull(logon.get(96), logon.toString());
            }
        }
    }

    @ParameterizedTest(name = "a {0} client")
    @EnumSource(value = FixVersion.class, names = { "FIX_4_4", "FIX_5_0_SP2" })
    void aFix42VenueRefusesAClientOfAnotherVersion(final FixVersion clientVersion, @TempDir final Path dir)
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_4_2, SONDE_ORDER_TAGS))
        {
            assertThrows(SessionLogonException.class, () -> start(dir, clientVersion, venue).close());
            assertTrue(venue.received(MsgType.NEW_ORDER_SINGLE).isEmpty());
        }
    }

    @Test
    void aFixtVenueRefusesAFix44Client(@TempDir final Path dir)
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_5_0_SP2, SONDE_ORDER_TAGS))
        {
            assertThrows(SessionLogonException.class, () -> start(dir, FixVersion.FIX_4_4, venue).close());
        }
    }

    @Test
    void aFixtLogonNamingAnotherApplicationVersionIsRefusedWithALogoutSayingWhy() throws IOException
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_5_0_SP2, SONDE_ORDER_TAGS))
        {
            final String answer = logonByHand(venue, "1137=7" + SOH);

            assertTrue(answer.contains("35=5" + SOH + "49=STRICT"), answer);
            assertTrue(answer.contains("58=DefaultApplVerID (1137) must be 9, was '7'" + SOH), answer);
            assertFalse(answer.contains("35=A" + SOH), answer);
            assertEquals(List.of("DefaultApplVerID (1137) must be 9, was '7'"), venue.refusedLogons());
        }
    }

    @Test
    void aFixtLogonWithoutDefaultApplVerIdIsRefusedWithALogoutSayingWhy() throws IOException
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_5_0_SP2, SONDE_ORDER_TAGS))
        {
            final String answer = logonByHand(venue, "");

            assertTrue(answer.contains("58=DefaultApplVerID (1137) must be 9, was missing" + SOH), answer);
            assertFalse(answer.contains("35=A" + SOH), answer);
        }
    }

    @Test
    void anOrderMissingARequiredTagGetsASessionRejectNamingIt() throws IOException
    {
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_4_2, SONDE_ORDER_TAGS))
        {
            final String answer = byHand(venue, "FIX.4.2", logonBody(),
                header("D", 2) + "11=C1" + SOH + "55=SONDE.A" + SOH + "54=1" + SOH + "60=20250101-00:00:00" + SOH +
                "38=100" + SOH + "40=2" + SOH + "59=0" + SOH);

            assertTrue(answer.contains("35=A" + SOH), answer);
            assertTrue(answer.contains("35=3" + SOH), answer);
            assertTrue(answer.contains("45=2" + SOH + "371=44" + SOH + "372=D" + SOH + "373=1" + SOH +
                "58=Required tag missing: 44" + SOH), answer);
            assertFalse(answer.contains("35=8" + SOH), answer);
            assertEquals(1, venue.rejectsSent());
        }
    }

    /**
     * A real FIX 4.2 venue requires HandlInst (21), which Sonde does not send: every order is refused with a
     * session Reject naming the tag, which the client counts and ends the order on.
     */
    @Test
    void aVenueRequiringATagSondeDoesNotSendRejectsEveryOrderNamingIt(@TempDir final Path dir)
    {
        final Map<MsgType, Set<Integer>> withHandlInst = Map.of(MsgType.NEW_ORDER_SINGLE, Set.of(11, 21, 55));
        try (StrictVenue venue = new StrictVenue(FixVersion.FIX_4_2, withHandlInst);
            FixClient<FixOrderTransport> client = start(dir, FixVersion.FIX_4_2, venue))
        {
            final RunResult result = run(client);

            final long orders = result.warmup().sent() + result.measurement().sent();
            assertTrue(orders > 0);
            assertEquals(orders, venue.rejectsSent());
            assertEquals(orders, client.transport().failures().sessionRejects());
            assertEquals(0, result.measurement().acknowledged(), result.toString());
        }
    }

    private static FixClient<FixOrderTransport> start(final Path dir, final FixVersion version, final StrictVenue venue)
    {
        return start(dir, version, venue, OrderFlow.NEW);
    }

    private static FixClient<FixOrderTransport> start(
        final Path dir, final FixVersion version, final StrictVenue venue, final OrderFlow flow)
    {
        return start(dir, version, venue, flow, Credentials.NONE);
    }

    private static FixClient<FixOrderTransport> start(
        final Path dir, final FixVersion version, final StrictVenue venue, final Credentials credentials)
    {
        return start(dir, version, venue, OrderFlow.NEW, credentials);
    }

    private static FixClient<FixOrderTransport> start(
        final Path dir,
        final FixVersion version,
        final StrictVenue venue,
        final OrderFlow flow,
        final Credentials credentials)
    {
        final SessionSettings settings = new SessionSettings("127.0.0.1", venue.port(), SESSIONS, "SONDE%d",
            StrictVenue.COMP_ID, credentials, 10, false, 0, version, SubIds.NONE, null);
        return FixClient.start(dir.resolve("engine"), settings, OrderParameters.defaults(List.of("SONDE.A"), 42),
            FlowChooser.only(flow), new ClOrdIdCodec(), CAPACITY, TimeUnit.SECONDS.toNanos(5));
    }

    private static RunResult run(final FixClient<FixOrderTransport> client)
    {
        final FixOrderTransport transport = client.transport();
        final RunConfig config = new RunConfig(new ConstantRateSchedule(500),
            RunTiming.of(Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofSeconds(5)))
            .inFlightCapacity(CAPACITY)
            .stages(transport.stages())
            .sharedThread(client.loadThread());
        return new LoadRun(config).execute(transport);
    }

    /**
     * One line per run in the test output: the figures of a run against each strict venue, for the record.
     */
    private static void report(final FixVersion version, final OrderFlow flow, final RunResult result)
    {
        final Histogram corrected = result.totals().get(RequestSeries.CORRECTED);
        System.out.printf("strict %s venue, %s: %d sent, %d acknowledged, 0 rejects; corrected p50 %.0f us, " +
            "p99 %.0f us, max %.0f us%n", version, flow, result.measurement().sent(),
            result.measurement().acknowledged(), corrected.getValueAtPercentile(50) / 1e3,
            corrected.getValueAtPercentile(99) / 1e3, corrected.getMaxValue() / 1e3);
    }

    private static void assertEveryMessageCarries(final String beginString, final StrictVenue venue)
    {
        for (final MsgType type : MsgType.values())
        {
            for (final FixMessage message : venue.received(type))
            {
                assertEquals(beginString, message.get(8), message.toString());
            }
        }
    }

    /**
     * Log on over a plain socket with {@code extraFields} in the Logon, and read what comes back until the venue
     * closes the connection or a second passes.
     */
    private static String logonByHand(final StrictVenue venue, final String extraFields) throws IOException
    {
        return byHand(venue, "FIXT.1.1", logonBody() + extraFields);
    }

    private static String logonBody()
    {
        return header("A", 1) + "98=0" + SOH + "108=10" + SOH + "141=Y" + SOH;
    }

    private static String header(final String msgType, final int seqNum)
    {
        final String sendingTime =
            DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").format(ZonedDateTime.now(ZoneOffset.UTC));
        return "35=" + msgType + SOH + "49=BYHAND" + SOH + "56=" + StrictVenue.COMP_ID + SOH + "34=" + seqNum + SOH +
            "52=" + sendingTime + SOH;
    }

    /**
     * Send each body, framed, over a plain socket, reading what comes back after each until the venue closes the
     * connection or half a second passes.
     */
    private static String byHand(final StrictVenue venue, final String beginString, final String... bodies)
        throws IOException
    {
        final StringBuilder answer = new StringBuilder();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), venue.port()))
        {
            socket.setSoTimeout(500);
            final InputStream in = socket.getInputStream();
            final byte[] chunk = new byte[4096];
            for (final String body : bodies)
            {
                socket.getOutputStream().write(FixMessage.frame(beginString, body).getBytes(StandardCharsets.US_ASCII));
                try
                {
                    for (int read = in.read(chunk); read > 0; read = in.read(chunk))
                    {
                        answer.append(new String(chunk, 0, read, StandardCharsets.US_ASCII));
                    }
                }
                catch (final SocketTimeoutException ex)
                {
                    answer.append("(nothing more)");
                }
            }
        }
        return answer.toString();
    }
}
