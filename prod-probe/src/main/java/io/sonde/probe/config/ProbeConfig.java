package io.sonde.probe.config;

import io.sonde.probe.safety.SafetyCaps;

import java.io.IOException;
import java.math.BigDecimal;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * A probe's configuration, read from a properties file and checked as a whole before anything connects:
 * where to send, what to send (a test symbol and account, never a marketable price unless forced), how
 * often, and the caps. Credentials are never here: they come from a file or the environment.
 *
 * @param host             the venue's FIX host.
 * @param port             its port.
 * @param senderCompId     the probe's SenderCompID.
 * @param targetCompId     the venue's CompID.
 * @param symbol           the test symbol every order uses.
 * @param account          the test account on every order.
 * @param side             '1' buy or '2' sell.
 * @param priceCents       the limit price, in hundredths.
 * @param referencePriceCents the market price the probe's price is judged against.
 * @param ordersPerSecond  the schedule's rate (may be fractional: 0.2 = one every 5 s).
 * @param clOrdIdPrefix    marks the probe's orders, so a restart can find and cancel what a crash left.
 * @param caps             hard limits enforced before every send.
 * @param killSwitch       a file whose presence stops sending, or null.
 */
public record ProbeConfig(
    String host,
    int port,
    String senderCompId,
    String targetCompId,
    String symbol,
    String account,
    char side,
    long priceCents,
    long referencePriceCents,
    double ordersPerSecond,
    String clOrdIdPrefix,
    SafetyCaps caps,
    Path killSwitch)
{
    private static final Set<String> KNOWN = Set.of("target.host", "target.port", "sender.comp.id",
        "target.comp.id", "symbol", "account", "side", "price", "reference.price", "rate", "clordid.prefix",
        "cap.orders.per.second", "cap.open.orders", "cap.orders.per.day", "kill.switch", "allow.marketable");
    /** How close to the market a resting probe order may be, as a fraction of the reference price. */
    private static final double MIN_DISTANCE_FROM_MARKET = 0.10;

    /**
     * Read and check {@code file}.
     *
     * @throws IllegalArgumentException naming every problem found, so one edit fixes them all.
     */
    public static ProbeConfig read(final Path file)
    {
        final Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            properties.load(reader);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read probe config " + file + ": " + ex.getMessage());
        }
        return from(properties, file.toString());
    }

    static ProbeConfig from(final Properties properties, final String source)
    {
        final Fields fields = new Fields(properties);
        final Set<String> unknown = new TreeSet<>(properties.stringPropertyNames());
        unknown.removeAll(KNOWN);
        unknown.forEach(name -> fields.problems.add("unknown setting '" + name + "'"));
        if (properties.stringPropertyNames().stream().anyMatch(name -> name.contains("password")))
        {
            fields.problems.add("credentials do not belong in the config: use a credentials file or the " +
                "SONDE_FIX_USERNAME/SONDE_FIX_PASSWORD environment");
        }

        final String host = fields.text("target.host");
        final int port = (int)fields.number("target.port", 1, 65_535);
        final String sender = fields.text("sender.comp.id");
        final String target = fields.text("target.comp.id");
        final String symbol = fields.text("symbol");
        final String account = fields.text("account");
        final String side = fields.text("side");
        final long price = fields.cents("price");
        final long reference = fields.cents("reference.price");
        final double rate = fields.decimal("rate", 0.000_01, 10);
        final String prefix = properties.getProperty("clordid.prefix", "PRB");
        final long perSecond = fields.number("cap.orders.per.second", 1, 100);
        final long open = fields.number("cap.open.orders", 1, 1_000);
        final long perDay = fields.number("cap.orders.per.day", 1, 1_000_000);
        final String killSwitch = properties.getProperty("kill.switch");
        final boolean allowMarketable = Boolean.parseBoolean(properties.getProperty("allow.marketable", "false"));

        if (side != null && !side.equals("1") && !side.equals("2"))
        {
            fields.problems.add("side must be 1 (buy) or 2 (sell), not '" + side + "'");
        }
        if (rate > perSecond && perSecond > 0)
        {
            fields.problems.add("rate " + rate + "/s is above cap.orders.per.second " + perSecond);
        }
        if (prefix.isEmpty() || prefix.length() > 3)
        {
            fields.problems.add("clordid.prefix must have 1 to 3 characters, so the probe can recognise its orders");
        }
        if (side != null && price > 0 && reference > 0 && !allowMarketable &&
            !farFromMarket(side.charAt(0), price, reference))
        {
            fields.problems.add(String.format("price %.2f is within %d %% of the reference %.2f on the side that " +
                "could trade: refusing a marketable probe (set allow.marketable=true to force it)", price / 100.0,
                Math.round(MIN_DISTANCE_FROM_MARKET * 100), reference / 100.0));
        }
        if (!fields.problems.isEmpty())
        {
            throw new IllegalArgumentException("probe config " + source + ": " + String.join("; ", fields.problems));
        }
        return new ProbeConfig(host, port, sender, target, symbol, account, side.charAt(0), price, reference, rate,
            prefix, new SafetyCaps((int)perSecond, (int)open, perDay), killSwitch == null ? null : Path.of(killSwitch));
    }

    public Duration interval()
    {
        return Duration.ofNanos(Math.round(1e9 / ordersPerSecond));
    }

    /**
     * A buy must sit well below the market and a sell well above it, so neither can trade.
     */
    private static boolean farFromMarket(final char side, final long price, final long reference)
    {
        final double distance = (double)(side == '1' ? reference - price : price - reference) / reference;
        return distance >= MIN_DISTANCE_FROM_MARKET;
    }

    private static final class Fields
    {
        private final Properties properties;
        private final List<String> problems = new ArrayList<>();

        Fields(final Properties properties)
        {
            this.properties = properties;
        }

        String text(final String name)
        {
            final String value = properties.getProperty(name);
            if (value == null || value.isBlank())
            {
                problems.add("'" + name + "' is missing");
                return null;
            }
            return value.trim();
        }

        long number(final String name, final long min, final long max)
        {
            final String value = text(name);
            if (value == null)
            {
                return -1;
            }
            try
            {
                final long number = Long.parseLong(value);
                if (number < min || number > max)
                {
                    problems.add("'" + name + "' is " + number + ", not in " + min + ".." + max);
                }
                return number;
            }
            catch (final NumberFormatException ex)
            {
                problems.add("'" + name + "' is not a whole number: '" + value + "'");
                return -1;
            }
        }

        double decimal(final String name, final double min, final double max)
        {
            final String value = text(name);
            if (value == null)
            {
                return -1;
            }
            try
            {
                final double number = Double.parseDouble(value);
                if (number < min || number > max)
                {
                    problems.add("'" + name + "' is " + number + ", not in " + min + ".." + max);
                }
                return number;
            }
            catch (final NumberFormatException ex)
            {
                problems.add("'" + name + "' is not a number: '" + value + "'");
                return -1;
            }
        }

        long cents(final String name)
        {
            final String value = text(name);
            if (value == null)
            {
                return -1;
            }
            try
            {
                final long cents = new BigDecimal(value).movePointRight(2).longValueExact();
                if (cents <= 0)
                {
                    problems.add("'" + name + "' must be positive: " + value);
                }
                return cents;
            }
            catch (final NumberFormatException | ArithmeticException ex)
            {
                problems.add("'" + name + "' is not a price with at most 2 decimals: '" + value + "'");
                return -1;
            }
        }
    }
}
