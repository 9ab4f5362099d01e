package io.sonde.fix.client.profile;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.session.PasswordField;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a venue profile (YAML) and checks all of it before anything connects: unknown keys, unknown field names or
 * tags, values that do not fit a field's FIX type, groups without their count ({@link MessageFieldsReader}),
 * versions Sonde cannot speak. Every problem is collected and reported at once ({@link VenueProfileException}),
 * each with where it is in the file.
 * The format is described in {@code docs/venue-profiles.md}.
 */
public final class VenueProfileReader
{
    private static final Set<String> TOP_KEYS = Set.of(
        "name", "fix", "logon", "cancelOnDisconnect", "clOrdId", "account", "symbols", "rateLimit", "seed",
        "hopStamps", "marketDataSession", "messages");
    private static final Set<String> FIX_KEYS = Set.of(
        "version", "senderCompId", "senderSubId", "targetCompId", "targetSubId", "heartbeatSeconds", "sequences");

    private final YAMLMapper mapper = new YAMLMapper();

    /**
     * @throws VenueProfileException with every problem found, or when the file cannot be read.
     */
    public VenueProfile read(final Path file)
    {
        if (!Files.isRegularFile(file))
        {
            throw new VenueProfileException(file.toString(), List.of("no such file"));
        }
        final JsonNode root;
        try
        {
            root = mapper.readTree(file.toFile());
        }
        catch (final JacksonException ex)
        {
            throw new VenueProfileException(file.toString(), List.of("not valid YAML: " + ex.getOriginalMessage() +
                (ex.getLocation() == null ? "" : " (line " + ex.getLocation().getLineNr() + ")")));
        }
        catch (final IOException ex)
        {
            throw new VenueProfileException(file.toString(), List.of("cannot be read: " + ex.getMessage()));
        }
        return read(file.toString(), root);
    }

    /**
     * @param source where the text came from, for the error message.
     */
    public VenueProfile read(final String source, final String yaml)
    {
        try
        {
            return read(source, mapper.readTree(yaml));
        }
        catch (final JacksonException ex)
        {
            throw new VenueProfileException(source, List.of("not valid YAML: " + ex.getOriginalMessage()));
        }
    }

    private VenueProfile read(final String source, final JsonNode root)
    {
        final Problems problems = new Problems();
        if (root == null || !root.isObject())
        {
            throw new VenueProfileException(source, List.of("a venue profile is a YAML mapping (key: value lines)"));
        }
        problems.unknownKeys(root, "", TOP_KEYS);
        final JsonNode fix = problems.object(root, "fix");
        problems.unknownKeys(fix, "fix.", FIX_KEYS);
        final JsonNode logon = problems.object(root, "logon");
        problems.unknownKeys(logon, "logon.", Set.of("username", "password", "passwordField"));
        final JsonNode marketData = problems.object(root, "marketDataSession");
        problems.unknownKeys(marketData, "marketDataSession.", Set.of("senderCompId", "targetCompId"));

        final FixVersion version = version(problems.text(fix, "fix.version", "version"), problems);
        final String senderCompId = problems.text(fix, "fix.senderCompId", "senderCompId");
        final String sequences = problems.text(fix, "fix.sequences", "sequences");
        if (sequences != null && !sequences.equals("reset") && !sequences.equals("persist"))
        {
            problems.add("fix.sequences: '" + sequences + "' must be 'reset' or 'persist'");
        }
        final VenueProfile profile = new VenueProfile(
            problems.text(root, "name", "name"),
            version,
            senderCompId,
            problems.text(fix, "fix.senderSubId", "senderSubId"),
            problems.text(fix, "fix.targetCompId", "targetCompId"),
            problems.text(fix, "fix.targetSubId", "targetSubId"),
            problems.positiveInt(fix, "fix.heartbeatSeconds", "heartbeatSeconds"),
            sequences == null ? null : sequences.equals("persist"),
            problems.text(logon, "logon.username", "username"),
            problems.text(logon, "logon.password", "password"),
            passwordField(problems.text(logon, "logon.passwordField", "passwordField"), problems),
            cancelOnDisconnect(root, problems),
            maxClOrdIdLength(root, problems),
            flag(root.path("clOrdId").path("digitsOnly"), "clOrdId.digitsOnly", problems),
            problems.text(root, "account", "account"),
            symbols(root, problems),
            rateLimit(root, problems),
            problems.wholeNumber(root, "seed", "seed"),
            flag(root.path("hopStamps"), "hopStamps", problems),
            problems.text(marketData, "marketDataSession.senderCompId", "senderCompId"),
            problems.text(marketData, "marketDataSession.targetCompId", "targetCompId"),
            new MessageFieldsReader().messages(root, problems));
        if (!problems.isEmpty())
        {
            throw new VenueProfileException(source, problems.list());
        }
        return profile;
    }

    private static PasswordField passwordField(final String name, final Problems problems)
    {
        final PasswordField field = name == null ? null : PasswordField.named(name);
        if (name != null && field == null)
        {
            problems.add("logon.passwordField: '" + name + "' must be 'Password' (554) or 'RawData' (96)");
        }
        return field;
    }

    private static FixVersion version(final String name, final Problems problems)
    {
        try
        {
            return name == null ? null : FixVersion.parse(name);
        }
        catch (final IllegalArgumentException ex)
        {
            problems.add("fix.version: " + ex.getMessage());
            return null;
        }
    }

    private static Duration cancelOnDisconnect(final JsonNode root, final Problems problems)
    {
        final JsonNode node = root.get("cancelOnDisconnect");
        if (node == null)
        {
            return null;
        }
        if (node.isTextual() && node.asText().equals("none"))
        {
            return Duration.ZERO;
        }
        if (!node.isObject())
        {
            problems.add("cancelOnDisconnect: give 'none' or 'windowMillis: N'");
            return null;
        }
        problems.unknownKeys(node, "cancelOnDisconnect.", Set.of("windowMillis"));
        final Integer window = problems.positiveInt(node, "cancelOnDisconnect.windowMillis", "windowMillis");
        return window == null ? null : Duration.ofMillis(window);
    }

    private static Integer maxClOrdIdLength(final JsonNode root, final Problems problems)
    {
        final JsonNode node = problems.object(root, "clOrdId");
        problems.unknownKeys(node, "clOrdId.", Set.of("maxLength", "digitsOnly"));
        return problems.positiveInt(node, "clOrdId.maxLength", "maxLength");
    }

    /**
     * A true-or-false key, false when absent.
     *
     * @param where the key's place in the file, for the problem's text.
     */
    private static boolean flag(final JsonNode node, final String where, final Problems problems)
    {
        if (node.isMissingNode())
        {
            return false;
        }
        if (!node.isBoolean())
        {
            problems.add(where + ": '" + node.asText() + "' must be true or false");
            return false;
        }
        return node.booleanValue();
    }

    private static Integer rateLimit(final JsonNode root, final Problems problems)
    {
        final JsonNode node = problems.object(root, "rateLimit");
        problems.unknownKeys(node, "rateLimit.", Set.of("messagesPerSecond"));
        return problems.positiveInt(node, "rateLimit.messagesPerSecond", "messagesPerSecond");
    }

    private static List<VenueSymbol> symbols(final JsonNode root, final Problems problems)
    {
        final JsonNode node = root.get("symbols");
        final List<VenueSymbol> symbols = new ArrayList<>();
        if (node == null)
        {
            return symbols;
        }
        if (!node.isArray())
        {
            problems.add("symbols: a list of instruments, each with 'symbol:' and its limits");
            return symbols;
        }
        for (int i = 0; i < node.size(); i++)
        {
            final String path = "symbols[" + i + "]";
            final JsonNode entry = node.get(i);
            if (!entry.isObject())
            {
                problems.add(path + ": give 'symbol:' and optionally tickSize, lotSize, referencePrice, " +
                    "priceBandPercent");
                continue;
            }
            problems.unknownKeys(entry, path + ".",
                Set.of("symbol", "tickSize", "lotSize", "referencePrice", "priceBandPercent"));
            final String symbol = problems.text(entry, path + ".symbol", "symbol");
            if (symbol == null)
            {
                problems.add(path + ".symbol: missing");
            }
            final BigDecimal tick = problems.positiveDecimal(entry, path + ".tickSize", "tickSize");
            final Integer lot = problems.positiveInt(entry, path + ".lotSize", "lotSize");
            final BigDecimal reference = problems.positiveDecimal(entry, path + ".referencePrice", "referencePrice");
            final BigDecimal band = problems.positiveDecimal(entry, path + ".priceBandPercent", "priceBandPercent");
            if (tick != null && reference != null && reference.remainder(tick).signum() != 0)
            {
                problems.add(path + ".referencePrice: " + reference.toPlainString() + " is not a multiple of the " +
                    "tick size " + tick.toPlainString());
            }
            symbols.add(new VenueSymbol(symbol, tick, lot == null ? 1 : lot, reference, band));
        }
        return symbols;
    }

}
