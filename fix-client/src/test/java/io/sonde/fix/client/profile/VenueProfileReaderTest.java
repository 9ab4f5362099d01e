package io.sonde.fix.client.profile;

import io.sonde.api.FixVersion;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.PasswordField;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Venue profiles: every key read, every problem named at once, and the extra fields written as the venue
 * expects them, field by field.
 */
class VenueProfileReaderTest
{
    private static final Path EXAMPLES = Path.of("..", "docs", "venues");

    private final VenueProfileReader reader = new VenueProfileReader();
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new UnsafeBuffer(new byte[4096]));

    @Test
    void everyKeyOfAProfileIsRead()
    {
        final VenueProfile profile = reader.read("test", """
            name: venue-x
            fix:
              version: FIX.4.2
              senderCompId: S%d
              senderSubId: DESK
              targetCompId: X
              targetSubId: GW
              heartbeatSeconds: 20
              sequences: persist
            logon: {username: u, password: p, passwordField: RawData}
            cancelOnDisconnect: {windowMillis: 250}
            clOrdId: {maxLength: 20}
            account: ACC
            rateLimit: {messagesPerSecond: 50}
            seed: 7
            symbols:
              - {symbol: IBM, tickSize: 0.05, lotSize: 100, referencePrice: 150.05, priceBandPercent: 5}
            messages:
              NewOrderSingle:
                - {field: HandlInst, value: 1}
            """);

        assertEquals("venue-x", profile.name());
        assertEquals(FixVersion.FIX_4_2, profile.fixVersion());
        assertEquals("S%d", profile.senderCompId());
        assertEquals("DESK", profile.senderSubId());
        assertEquals("X", profile.targetCompId());
        assertEquals("GW", profile.targetSubId());
        assertEquals(20, profile.heartbeatSeconds());
        assertTrue(profile.persistentSequences());
        assertEquals("u", profile.username());
        assertEquals("p", profile.password());
        assertEquals(PasswordField.RAW_DATA, profile.passwordField());
        assertEquals(Duration.ofMillis(250), profile.cancelOnDisconnectWindow());
        assertEquals(20, profile.maxClOrdIdLength());
        assertEquals("ACC", profile.account());
        assertEquals(50, profile.maxMessagesPerSecond());
        assertEquals(7L, profile.seed());
        assertEquals(List.of(new VenueSymbol("IBM", new BigDecimal("0.05"), 100, new BigDecimal("150.05"),
            new BigDecimal("5"))), profile.symbols());
        assertEquals("21=1|", written(profile, OrderMessageType.NEW_ORDER_SINGLE, 1, 0));
        assertTrue(profile.extraFields(OrderMessageType.ORDER_CANCEL_REQUEST, 1, 0).isEmpty());
    }

    @Test
    void whatTheProfileLeavesOutIsLeftToTheCommandLine()
    {
        final VenueProfile profile = reader.read("test", "name: minimal\n");

        assertNull(profile.fixVersion());
        assertNull(profile.senderCompId());
        assertNull(profile.heartbeatSeconds());
        assertNull(profile.persistentSequences());
        assertNull(profile.cancelOnDisconnectWindow());
        assertTrue(profile.symbols().isEmpty());
    }

    @Test
    void credentialsFromAFileOrTheEnvironmentWinButThePasswordGoesWhereTheVenueReadsIt()
    {
        final VenueProfile profile = reader.read("test", "logon: {username: u, password: p, passwordField: RawData}\n");

        assertEquals(new Credentials("u", "p", PasswordField.RAW_DATA), profile.credentials(Credentials.NONE));
        assertEquals(new Credentials("file", "f", PasswordField.RAW_DATA),
            profile.credentials(new Credentials("file", "f")));
        assertEquals(new Credentials("u", "p"), reader.read("test", "logon: {username: u, password: p}\n")
            .credentials(Credentials.NONE));
    }

    @Test
    void cancelOnDisconnectNoneMeansNeverAsk()
    {
        assertEquals(Duration.ZERO, reader.read("test", "cancelOnDisconnect: none\n").cancelOnDisconnectWindow());
    }

    @Test
    void theMarketDataSessionsCompIdsAreTheProfilesWhenItNamesThemAndDerivedWhenItDoesNot()
    {
        final SessionSettings orders = new SessionSettings("127.0.0.1", 9880, 2, "S%d", "X", Credentials.NONE, 30,
            false, 0, FixVersion.FIX_4_4, SubIds.NONE, null);
        final VenueProfile named = reader.read("test", """
            fix: {senderCompId: S%d, targetCompId: X}
            marketDataSession: {senderCompId: DESK-MD, targetCompId: X-MD}
            """);
        final VenueProfile unnamed = reader.read("test", "fix: {senderCompId: S%d, targetCompId: X}\n");

        final SessionSettings marketData = orders.marketDataSession(named.marketDataSenderCompId(),
            named.marketDataTargetCompId());

        assertEquals("DESK-MD", marketData.senderCompId(0));
        assertEquals("X-MD", marketData.targetCompId());
        final SessionSettings derived = orders.marketDataSession(unnamed.marketDataSenderCompId(),
            unnamed.marketDataTargetCompId());
        assertEquals("S1" + SessionSettings.MARKET_DATA_SUFFIX, derived.senderCompId(0));
        assertEquals("X", derived.targetCompId());
        assertProblem(assertThrows(VenueProfileException.class, () -> reader.read("test",
            "marketDataSession: {senderSubId: A}\n")).problems(), "marketDataSession.senderSubId");
    }

    @Test
    void everyProblemIsNamedAtOnceWithWhereItIs()
    {
        final VenueProfileException ex = assertThrows(VenueProfileException.class, () -> reader.read("bad.yaml", """
            colour: blue
            fix:
              version: FIX.4.3
              sequences: sometimes
              heartbeatSeconds: -1
            logon: {passwordField: SecretData}
            messages:
              NewOrderSingle:
                - {field: HandlInstruction, value: 1}
                - {tag: 99999, value: x}
                - {field: HandlInst, value: 12}
                - {field: NoPartyIDs, value: 1}
                - {entries: [[{field: PartyID, value: A}]]}
                - {field: ClOrdID, value: A}
                - {tag: 5001}
                - {field: MinQty, value: lots}
              Quote:
                - {field: HandlInst, value: 1}
            """));

        final List<String> problems = ex.problems();
        assertProblem(problems, "colour: unknown key");
        assertProblem(problems, "fix.version: unknown FIX version 'FIX.4.3' (one of: ");
        assertProblem(problems, "fix.sequences: 'sometimes' must be 'reset' or 'persist'");
        assertProblem(problems, "fix.heartbeatSeconds: '-1' is not a whole number of at least 1");
        assertProblem(problems, "logon.passwordField: 'SecretData' must be 'Password' (554) or 'RawData' (96)");
        assertProblem(problems, "messages.NewOrderSingle[0]: unknown field name 'HandlInstruction'");
        assertProblem(problems, "messages.NewOrderSingle[1]: tag 99999 is neither a field Sonde knows nor a custom");
        assertProblem(problems, "messages.NewOrderSingle[2] (HandlInst, 21): '12' is not one printable character");
        assertProblem(problems, "messages.NewOrderSingle[3] (NoPartyIDs, 453): counts a repeating group");
        assertProblem(problems, "messages.NewOrderSingle[4]: a repeating group needs its count field");
        assertProblem(problems, "messages.NewOrderSingle[5]: ClOrdID (11) cannot be set here");
        assertProblem(problems, "messages.NewOrderSingle[6] (custom, 5001): needs exactly one of");
        assertProblem(problems, "messages.NewOrderSingle[7] (MinQty, 110): 'lots' is not a decimal quantity");
        assertProblem(problems, "messages.Quote: not an order message Sonde sends");
        assertEquals(14, problems.size(), problems.toString());
        assertTrue(ex.getMessage().startsWith("bad.yaml: 14 problems"), ex.getMessage());
    }

    @Test
    void aGroupIsWrittenAsItsCountThenEachEntryInOrder()
    {
        final VenueProfile profile = reader.read("test", """
            messages:
              NewOrderSingle:
                - group: NoPartyIDs
                  entries:
                    - - {field: PartyID, value: FIRM}
                      - {field: PartyIDSource, value: D}
                      - {field: PartyRole, value: 1}
                    - - {field: PartyID, perSession: "T%d"}
                      - {field: PartyIDSource, value: D}
                      - {field: PartyRole, value: 12}
                - {tag: 9001, type: INT, value: 3}
            """);

        assertEquals("453=2|448=FIRM|447=D|452=1|448=T2|447=D|452=12|9001=3|",
            written(profile, OrderMessageType.NEW_ORDER_SINGLE, 3, 1));
    }

    @Test
    void aGroupWhoseEntriesStartWithDifferentFieldsIsRefused()
    {
        final VenueProfileException ex = assertThrows(VenueProfileException.class, () -> reader.read("test", """
            messages:
              NewOrderSingle:
                - group: NoPartyIDs
                  entries:
                    - [{field: PartyID, value: A}, {field: PartyRole, value: 1}]
                    - [{field: PartyRole, value: 1}, {field: PartyID, value: B}]
            """));

        assertProblem(ex.problems(), "entries[1]: every entry must start with the same field");
    }

    @Test
    void perSessionCycleAndCounterValuesFollowEachSession()
    {
        final VenueProfile profile = reader.read("test", """
            messages:
              NewOrderSingle:
                - {tag: 5001, perSession: [A, B]}
                - {field: ExDestination, cycle: [X1, X2, X3]}
                - {field: SecondaryClOrdID, counter: 10}
            """);
        final ExtraFields fields = profile.extraFields(OrderMessageType.NEW_ORDER_SINGLE, 2, 0);

        assertEquals("5001=A|100=X1|526=10|", write(fields, 0));
        assertEquals("5001=B|100=X1|526=10|", write(fields, 1));
        assertEquals("5001=A|100=X2|526=11|", write(fields, 0));
        assertEquals("5001=A|100=X3|526=12|", write(fields, 0));
        assertEquals("5001=A|100=X1|526=13|", write(fields, 0));
    }

    @Test
    void randomValuesRepeatWithTheSameSeedAndDifferWithAnother()
    {
        final VenueProfile profile = reader.read("test", """
            messages:
              NewOrderSingle:
                - {field: SecurityID, choice: [A, B, C, D, E, F, G, H]}
                - {field: PartyRole, range: {min: 1, max: 1000}}
            """);

        final List<String> first = draws(profile, 42);
        assertEquals(first, draws(profile, 42));
        assertNotEquals(first, draws(profile, 43));
        for (final String draw : first)
        {
            assertTrue(draw.matches("48=[A-H]\\|452=\\d{1,4}\\|"), draw);
        }
    }

    @Test
    void theExampleProfilesInTheRepositoryAreValid() throws IOException
    {
        int read = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(EXAMPLES, "*.yaml"))
        {
            for (final Path file : files)
            {
                final VenueProfile profile = reader.read(file);
                assertFalse(profile.symbols().isEmpty(), file.toString());
                read++;
            }
        }
        assertEquals(3, read);
    }

    @Test
    void aMissingFileOrBrokenYamlIsNamed()
    {
        assertProblem(assertThrows(VenueProfileException.class,
            () -> reader.read(Path.of("no-such-venue.yaml"))).problems(), "no such file");
        assertProblem(assertThrows(VenueProfileException.class,
            () -> reader.read("test", "fix: [unclosed")).problems(), "not valid YAML");
    }

    private List<String> draws(final VenueProfile profile, final long seed)
    {
        final ExtraFields fields = profile.extraFields(OrderMessageType.NEW_ORDER_SINGLE, 1, seed);
        final List<String> draws = new ArrayList<>();
        for (int i = 0; i < 20; i++)
        {
            draws.add(write(fields, 0));
        }
        return draws;
    }

    private String written(
        final VenueProfile profile, final OrderMessageType type, final int sessions, final int sessionIndex)
    {
        return write(profile.extraFields(type, sessions, 0), sessionIndex);
    }

    private String write(final ExtraFields fields, final int sessionIndex)
    {
        final int length = fields.write(buffer, 0, sessionIndex);
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return new String(bytes, StandardCharsets.US_ASCII).replace('\u0001', '|');
    }

    private static void assertProblem(final List<String> problems, final String expected)
    {
        assertTrue(problems.stream().anyMatch(problem -> problem.contains(expected)),
            "no problem saying '" + expected + "' in " + problems);
    }
}
