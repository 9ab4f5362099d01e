package io.sonde.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sonde's reference trading application, as {@code sonde strategy} takes it: where its triggers come from (the
 * market's SBE/UDP feed, or FIX market data on its order session), the market it sends its reactions to, and how it
 * marks them (the trigger's identity in {@code --echo-tag}, or nothing with {@code --no-echo} for a market matching
 * by price). It reacts to every trigger with one IOC order at the trigger's price and logs on again whenever the
 * market's session ends, so one strategy serves market run after market run. Build one with {@link #builder()};
 * {@link #commandLine()} starts it in another process or a container.
 */
public final class StrategySpec
{
    /** The command's name. */
    public static final String COMMAND = "strategy";
    /** {@code --feed} of a strategy that reads FIX market data. */
    public static final String FIX_FEED = "fix";
    public static final String DEFAULT_FEED = "udp://127.0.0.1:40001";
    public static final String DEFAULT_SENDER_COMP_ID = "APP";
    public static final String DEFAULT_TARGET_COMP_ID = "SONDEMKT";
    private static final String UDP_SCHEME = "udp://";

    public static final Option<String> FEED = Option.text("feed", "udp://HOST:PORT|fix", "Where triggers come " +
        "from: the market's SBE/UDP feed, received at HOST:PORT (the market's --md-udp destination), or fix for " +
        "FIX market data (V, then X entries with 58=TRIGGER) on the order session, FIX 4.4 only.")
        .byDefault(DEFAULT_FEED).checked(StrategySpec::feed);
    public static final Option<String> MARKET = Option.text("market", "HOST:PORT", "The market's FIX acceptor.")
        .byDefault("127.0.0.1:" + MarketLoad.DEFAULT_PORT).checked(StrategySpec::market);
    public static final Option<String> SENDER_COMP_ID = Option.text("sender-comp-id", "ID",
        "The strategy's CompID.").byDefault(DEFAULT_SENDER_COMP_ID);
    public static final Option<String> TARGET_COMP_ID = Option.text("target-comp-id", "ID",
        "The market's CompID.").byDefault(DEFAULT_TARGET_COMP_ID);
    public static final Option<FixVersion> FIX_VERSION = FixLoad.FIX_VERSION.describedAs("FIX version of the " +
        "order session: FIX.4.2, FIX.4.4 or FIX.5.0SP2 (a FIXT.1.1 session), as the market's --fix-version.");
    public static final Option<EchoTag> ECHO_TAG = MarketLoad.ECHO_TAG;
    public static final Option<Boolean> NO_ECHO = Option.flag("no-echo", "Echo nothing: for a market run with " +
        "--match price, which finds the reaction by symbol, side and price.")
        .excluding(ECHO_TAG, "--no-echo echoes nothing: drop --echo-tag");
    public static final Option<List<String>> SYMBOLS = FixLoad.SYMBOLS.describedAs("Symbols to subscribe to with " +
        "--feed fix (the UDP feed carries every symbol).");
    public static final Option<Stall> STALL = Option.of("stall", "LENGTH/PERIOD", Stall::parse, "Stop reacting for " +
        "LENGTH at the start of every PERIOD, e.g. 200ms/2s, then answer what waited: an application that pauses, " +
        "scripted, to see the market's corrected tick-to-trade show it. Not given: never.");
    public static final Option<IdleMode> IDLE = IdleMode.OPTION;

    /** Every option of {@code sonde strategy}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = List.of(FEED, MARKET, SENDER_COMP_ID, TARGET_COMP_ID, FIX_VERSION,
        ECHO_TAG, NO_ECHO, SYMBOLS, STALL, IDLE);

    private final OptionValues values;

    private StrategySpec(final OptionValues values)
    {
        this.values = values;
        if (fixFeed() && fixVersion() != FixVersion.FIX_4_4)
        {
            throw new InvalidOptionException("--feed fix: FIX market data is served on FIX 4.4 sessions only, not " +
                fixVersion());
        }
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return whether triggers come from FIX market data on the order session rather than the UDP feed.
     */
    public boolean fixFeed()
    {
        return FIX_FEED.equals(values.get(FEED));
    }

    /**
     * @return the host the UDP feed is received at; empty with {@code --feed fix}.
     */
    public Optional<String> feedHost()
    {
        return fixFeed() ? Optional.empty() : Optional.of(host(values.get(FEED).substring(UDP_SCHEME.length())));
    }

    /**
     * @return the port the UDP feed is received at; empty with {@code --feed fix}.
     */
    public Optional<Integer> feedPort()
    {
        return fixFeed() ? Optional.empty() : Optional.of(port(values.get(FEED).substring(UDP_SCHEME.length())));
    }

    public String marketHost()
    {
        return host(values.get(MARKET));
    }

    public int marketPort()
    {
        return port(values.get(MARKET));
    }

    public String senderCompId()
    {
        return values.get(SENDER_COMP_ID);
    }

    public String targetCompId()
    {
        return values.get(TARGET_COMP_ID);
    }

    public FixVersion fixVersion()
    {
        return values.given(FIX_VERSION).orElse(FixLoad.DEFAULT_FIX_VERSION);
    }

    /**
     * @return the tag each order echoes the trigger's identity in; empty with {@code --no-echo}.
     */
    public Optional<EchoTag> echoTag()
    {
        return values.get(NO_ECHO) ? Optional.empty() : Optional.of(values.get(ECHO_TAG));
    }

    public List<String> symbols()
    {
        return values.given(SYMBOLS).orElse(FixLoad.DEFAULT_SYMBOLS);
    }

    /**
     * @return the stall it scripts; empty unless {@code --stall} was given.
     */
    public Optional<Stall> stall()
    {
        return values.given(STALL);
    }

    public IdleMode idle()
    {
        return values.get(IDLE);
    }

    /**
     * @return the command and every option with its value, defaults included.
     */
    public List<String> commandLine()
    {
        final List<String> command = new ArrayList<>(List.of(COMMAND));
        command.addAll(values.everyArgument());
        return List.copyOf(command);
    }

    public boolean equals(final Object other)
    {
        return other instanceof StrategySpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + COMMAND + " " + values;
    }

    private static void feed(final String feed)
    {
        if (FIX_FEED.equals(feed))
        {
            return;
        }
        if (!feed.startsWith(UDP_SCHEME))
        {
            throw new InvalidOptionException("--feed: '" + feed + "' is neither udp://HOST:PORT nor fix");
        }
        address("--feed", feed.substring(UDP_SCHEME.length()));
    }

    private static void market(final String market)
    {
        address("--market", market);
    }

    private static void address(final String option, final String text)
    {
        final int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1)
        {
            throw new InvalidOptionException(option + ": '" + text + "' is not HOST:PORT");
        }
        final int port;
        try
        {
            port = Integer.parseInt(text.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException(option + ": '" + text + "' has no port number after its ':'", ex);
        }
        if (port < 1 || port > 65_535)
        {
            throw new InvalidOptionException(option + ": port " + port + " of '" + text + "' is not 1 to 65535");
        }
    }

    private static String host(final String address)
    {
        final String host = address.substring(0, address.lastIndexOf(':'));
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private static int port(final String address)
    {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /**
     * Builds a {@link StrategySpec}.
     */
    public static final class Builder extends SpecBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        /**
         * @param feed {@code udp://HOST:PORT}, or {@link #FIX_FEED}.
         * @return this builder.
         */
        public Builder feed(final String feed)
        {
            return with(FEED, feed);
        }

        /**
         * @param host the market's FIX host.
         * @param port its port.
         * @return this builder.
         */
        public Builder market(final String host, final int port)
        {
            return with(MARKET, host + ":" + port);
        }

        public Builder fixVersion(final FixVersion version)
        {
            return with(FIX_VERSION, version);
        }

        public Builder echoTag(final EchoTag tag)
        {
            return with(ECHO_TAG, tag);
        }

        public Builder noEcho()
        {
            return with(NO_ECHO, true);
        }

        public Builder symbols(final List<String> symbols)
        {
            return with(SYMBOLS, symbols);
        }

        public Builder stall(final Stall stall)
        {
            return with(STALL, stall);
        }

        public Builder idle(final IdleMode idle)
        {
            return with(IDLE, idle);
        }

        /**
         * @return the strategy, every option checked.
         * @throws InvalidOptionException naming the option that is wrong.
         */
        public StrategySpec build()
        {
            return new StrategySpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
