package io.sonde.probe.config;

import io.sonde.fix.codecs.Side;
import io.sonde.probe.order.ProbeOrderSpec;
import io.sonde.probe.safety.SafetyCaps;
import io.sonde.probe.schedule.TradingWindow;
import io.sonde.probe.slo.SloRule;
import io.sonde.probe.slo.SloRules;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * A probe's configuration, read from a properties file (or the same settings in YAML, nested keys joined with
 * dots) and checked as a whole before anything connects:
 * where to send, what to send (a test symbol and account, never a marketable price unless forced), how
 * often and when, the caps, the SLO rules and where metrics and logs go. Credentials are never here: they
 * come from a file or the environment.
 *
 * @param host                the venue's FIX host.
 * @param port                its port.
 * @param sessions            FIX sessions to keep up (orders go round robin).
 * @param senderCompId        the probe's SenderCompID; with several sessions it holds a {@code %d}.
 * @param targetCompId        the venue's CompID.
 * @param order               the order the probe sends.
 * @param referencePriceCents the market price the probe's price is judged against.
 * @param ordersPerSecond     the schedule's rate (may be fractional: 0.2 = one every 5 s).
 * @param window              when the probe may send.
 * @param clOrdIdPrefix       marks the probe's orders, so a restart can find and cancel what a crash left.
 * @param caps                hard limits enforced before every send.
 * @param killSwitch          a file whose presence stops sending, or null.
 * @param timeout             how long an order or cancel may go unanswered before it counts as timed out.
 * @param interval            how often histograms are logged, rules evaluated and metrics refreshed.
 * @param sloRules            the objectives watched.
 * @param metricsBind         the address the metrics endpoint listens on.
 * @param metricsPort         its port; 0 picks a free one.
 * @param stateDir            where sequence numbers and the FIX engine's logs persist across restarts.
 * @param resultsDir          where the daily {@code .hlog} files and the summary go.
 * @param logonTimeout        how long the first logon may take before the probe gives up.
 * @param hiccupResolution    how often the hiccup meter samples; 10 ms by default, because sampling every
 *                            millisecond alone would cost more than half the probe's CPU budget.
 * @param cancelOnDisconnect  the venue's cancel-on-disconnect window when the Logon asks for it (tags 35002
 *                            and 35003), or null when the venue does not support it and the Logon must not
 *                            carry those tags.
 * @param marketData          the venue's public FIX market data to watch the probe's orders on, or null (the
 *                            default, {@code market.data=off}).
 */
public record ProbeConfig(
    String host,
    int port,
    int sessions,
    String senderCompId,
    String targetCompId,
    ProbeOrderSpec order,
    long referencePriceCents,
    double ordersPerSecond,
    TradingWindow window,
    String clOrdIdPrefix,
    SafetyCaps caps,
    Path killSwitch,
    Duration timeout,
    Duration interval,
    List<SloRule> sloRules,
    String metricsBind,
    int metricsPort,
    Path stateDir,
    Path resultsDir,
    Duration logonTimeout,
    Duration hiccupResolution,
    Duration cancelOnDisconnect,
    MarketDataSettings marketData)
{
    private static final Set<String> KNOWN = Set.of("target.host", "target.port", "sessions", "sender.comp.id",
        "target.comp.id", "symbol", "account", "side", "price", "reference.price", "quantity", "order.type", "rate",
        "schedule.window", "clordid.prefix", "cap.orders.per.second", "cap.open.orders", "cap.orders.per.day",
        "kill.switch", "allow.marketable", "timeout", "interval", "metrics.bind", "metrics.port", "state.dir",
        "results.dir", "logon.timeout", "hiccup.resolution", "cancel.on.disconnect", "cancel.on.disconnect.window",
        ConfigFields.MARKET_DATA, ConfigFields.MARKET_DATA_SENDER, ConfigFields.MARKET_DATA_TARGET);
    /** How close to the market a resting probe order may be, as a fraction of the reference price. */
    private static final double MIN_DISTANCE_FROM_MARKET = 0.10;
    private static final String BUY = String.valueOf(Side.BUY.representation());
    private static final String SELL = String.valueOf(Side.SELL.representation());
    /** The longest CODTimeoutWindow FIX allows. */
    private static final Duration MAX_CANCEL_ON_DISCONNECT_WINDOW = Duration.ofSeconds(60);

    public ProbeConfig
    {
        sloRules = List.copyOf(sloRules);
    }

    /**
     * Read and check {@code file}: YAML when its name ends in {@code .yaml} or {@code .yml}, else properties.
     *
     * @throws IllegalArgumentException naming every problem found, so one edit fixes them all.
     */
    public static ProbeConfig read(final Path file)
    {
        final String name = file.getFileName().toString();
        if (name.endsWith(".yaml") || name.endsWith(".yml"))
        {
            return from(YamlSettings.read(file), file.toString());
        }
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
        final ConfigFields fields = new ConfigFields(properties);
        final Set<String> unknown = new TreeSet<>(properties.stringPropertyNames());
        unknown.removeAll(KNOWN);
        unknown.removeIf(name -> name.startsWith(ConfigFields.SLO_PREFIX));
        unknown.forEach(name -> fields.problem("unknown setting '" + name + "'"));
        if (properties.stringPropertyNames().stream().anyMatch(name -> name.contains("password")))
        {
            fields.problem("credentials do not belong in the config: use a credentials file or the " +
                "SONDE_FIX_USERNAME/SONDE_FIX_PASSWORD environment");
        }

        final String host = fields.text("target.host");
        final int port = (int)fields.number("target.port", 1, 65_535);
        final int sessions = (int)fields.number("sessions", "1", 1, 16);
        final String sender = fields.text("sender.comp.id");
        final String target = fields.text("target.comp.id");
        final String symbol = fields.text("symbol");
        final String account = fields.text("account");
        final String side = fields.text("side");
        final long price = fields.cents("price");
        final long reference = fields.cents("reference.price");
        final long quantity = fields.number("quantity", "1", 1, 1_000_000);
        final String orderType = properties.getProperty("order.type", "day").trim();
        final double rate = fields.decimal("rate", 0.000_01, 10);
        final TradingWindow window = fields.window("schedule.window");
        final String prefix = properties.getProperty("clordid.prefix", "PRB");
        final long perSecond = fields.number("cap.orders.per.second", 1, 100);
        final long open = fields.number("cap.open.orders", 1, 1_000);
        final long perDay = fields.number("cap.orders.per.day", 1, 1_000_000);
        final String killSwitch = properties.getProperty("kill.switch");
        final boolean allowMarketable = fields.flag("allow.marketable");
        final Duration timeout = fields.duration("timeout", "5s");
        final Duration interval = fields.duration("interval", "10s");
        final List<SloRule> rules = fields.sloRules();
        final String metricsBind = properties.getProperty("metrics.bind", "127.0.0.1").trim();
        final int metricsPort = (int)fields.number("metrics.port", "9464", 0, 65_535);
        final Path stateDir = Path.of(properties.getProperty("state.dir", "probe-state").trim());
        final Path resultsDir = Path.of(properties.getProperty("results.dir", "probe-results").trim());
        final Duration logonTimeout = fields.duration("logon.timeout", "30s");
        final Duration hiccupResolution = fields.duration("hiccup.resolution", "10ms");
        final boolean cancelOnDisconnect = fields.flag("cancel.on.disconnect");
        final Duration codWindow = fields.duration("cancel.on.disconnect.window", "1s");
        final MarketDataSettings marketData = fields.marketData();

        if (side != null && !side.equals(BUY) && !side.equals(SELL))
        {
            fields.problem("side must be 1 (buy) or 2 (sell), not '" + side + "'");
        }
        if (!orderType.equals("day") && !orderType.equals("ioc"))
        {
            fields.problem("order.type must be 'day' (rests, then cancelled) or 'ioc', not '" + orderType + "'");
        }
        if (rate > perSecond && perSecond > 0)
        {
            fields.problem("rate " + rate + "/s is above cap.orders.per.second " + perSecond);
        }
        if (prefix.isEmpty() || prefix.length() > 3)
        {
            fields.problem("clordid.prefix must have 1 to 3 characters, so the probe can recognise its orders");
        }
        if (sessions > 1 && sender != null && !sender.contains("%d"))
        {
            fields.problem("with " + sessions + " sessions, sender.comp.id needs a %d for the session number");
        }
        if (side != null && price > 0 && reference > 0 && !allowMarketable &&
            !farFromMarket(side.charAt(0), price, reference))
        {
            fields.problem(String.format("price %.2f is within %d %% of the reference %.2f on the side that " +
                "could trade: refusing a marketable probe (set allow.marketable=true to force it)", price / 100.0,
                Math.round(MIN_DISTANCE_FROM_MARKET * 100), reference / 100.0));
        }
        if (codWindow.compareTo(MAX_CANCEL_ON_DISCONNECT_WINDOW) > 0)
        {
            fields.problem("cancel.on.disconnect.window " + codWindow.toMillis() + " ms is above the " +
                MAX_CANCEL_ON_DISCONNECT_WINDOW.toMillis() + " ms FIX allows");
        }
        if (marketData == null)
        {
            rules.stream().filter(ProbeConfig::needsMarketData).forEach(rule -> fields.problem("slo." +
                rule.name() + " (" + rule.objective() + ") judges the venue's public feed: set market.data=fix"));
        }
        if (!fields.problems().isEmpty())
        {
            throw new IllegalArgumentException("probe config " + source + ": " +
                String.join("; ", fields.problems()));
        }
        final ProbeOrderSpec order = new ProbeOrderSpec(symbol, account, side.charAt(0), price, quantity,
            orderType.equals("ioc"));
        return new ProbeConfig(host, port, sessions, sender, target, order, reference, rate, window, prefix,
            new SafetyCaps((int)perSecond, (int)open, perDay), killSwitch == null ? null : Path.of(killSwitch.trim()),
            timeout, interval, rules, metricsBind, metricsPort, stateDir, resultsDir, logonTimeout, hiccupResolution,
            cancelOnDisconnect ? codWindow : null, marketData);
    }

    /**
     * @return the time between two probe orders.
     */
    public Duration period()
    {
        return Duration.ofNanos(Math.round(1e9 / ordersPerSecond));
    }

    /**
     * @return the longest window any SLO rule looks back over, at least five minutes (what metrics show).
     */
    public Duration longestWindow()
    {
        Duration longest = Duration.ofMinutes(5);
        for (final SloRule rule : sloRules)
        {
            if (rule instanceof SloRule.Latency latency && latency.window().compareTo(longest) > 0)
            {
                longest = latency.window();
            }
        }
        return longest;
    }

    private static boolean needsMarketData(final SloRule rule)
    {
        return rule instanceof SloRule.MissingPublicEvents ||
            rule instanceof SloRule.Latency latency && latency.stage().equals(SloRules.ORDER_TO_TICK);
    }

    /**
     * A buy must sit well below the market and a sell well above it, so neither can trade.
     */
    private static boolean farFromMarket(final char side, final long price, final long reference)
    {
        final boolean buy = side == Side.BUY.representation();
        final double distance = (double)(buy ? reference - price : price - reference) / reference;
        return distance >= MIN_DISTANCE_FROM_MARKET;
    }
}
