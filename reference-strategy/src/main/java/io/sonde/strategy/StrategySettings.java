package io.sonde.strategy;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the reference strategy is told: where its triggers come from, the market it sends its reactions to, and
 * how it marks them.
 *
 * @param udpFeed      the address the strategy binds to receive the SBE/UDP feed (the market's {@code --md-udp}
 *                     destination); null to take triggers from FIX market data on its order session instead.
 * @param marketHost   the host of the market's FIX acceptor.
 * @param marketPort   its port.
 * @param senderCompId the strategy's CompID.
 * @param targetCompId the market's CompID.
 * @param beginString  {@code FIX.4.2}, {@code FIX.4.4} or {@code FIXT.1.1} (FIX 5.0 SP2); FIX market data is served
 *                     on FIX 4.4 sessions only.
 * @param echoTag      the tag each order carries the trigger's identity in (58 is Text), or {@link #NO_ECHO} for
 *                     a market that matches reactions by price.
 * @param symbols      the symbols to subscribe to over FIX market data; any for a UDP feed, which carries all.
 * @param stallLength  how long the strategy stops reacting at the start of every {@code stallPeriod}; zero for
 *                     never (a scripted stall, to check that the market measures from the trigger's intended time).
 * @param stallPeriod  how often a stall begins.
 * @param password     the password its Logon carries (553 and 554, Username being its CompID), as a market with a
 *                     venue profile that names one asks; null for none.
 */
public record StrategySettings(
    InetSocketAddress udpFeed,
    String marketHost,
    int marketPort,
    String senderCompId,
    String targetCompId,
    String beginString,
    int echoTag,
    List<String> symbols,
    Duration stallLength,
    Duration stallPeriod,
    String password)
{
    public static final String FIX_4_2 = "FIX.4.2";
    public static final String FIX_4_4 = "FIX.4.4";
    public static final String FIXT_1_1 = "FIXT.1.1";
    public static final String DEFAULT_SENDER_COMP_ID = "APP";
    public static final String DEFAULT_TARGET_COMP_ID = "SONDEMKT";
    /** The echo tag of a strategy that echoes nothing: its market matches reactions by price. */
    public static final int NO_ECHO = 0;
    /** Text (58), the default echo tag. */
    public static final int TEXT_TAG = 58;
    private static final int MAX_TAG = 99_999;

    /**
     * @throws IllegalArgumentException naming what cannot be served.
     */
    public StrategySettings
    {
        Objects.requireNonNull(marketHost, "marketHost");
        Objects.requireNonNull(senderCompId, "senderCompId");
        Objects.requireNonNull(targetCompId, "targetCompId");
        symbols = List.copyOf(symbols);
        if (marketPort < 1 || marketPort > 65_535)
        {
            throw new IllegalArgumentException("the market's port must be 1 to 65535: " + marketPort);
        }
        if (!FIX_4_2.equals(beginString) && !FIX_4_4.equals(beginString) && !FIXT_1_1.equals(beginString))
        {
            throw new IllegalArgumentException("BeginString must be FIX.4.2, FIX.4.4 or FIXT.1.1: " + beginString);
        }
        if (echoTag < NO_ECHO || echoTag > MAX_TAG)
        {
            throw new IllegalArgumentException("the echo tag must be 1 to 99999, or 0 for none: " + echoTag);
        }
        if (udpFeed == null && !FIX_4_4.equals(beginString))
        {
            throw new IllegalArgumentException("FIX market data is served on FIX 4.4 sessions only, not " +
                beginString);
        }
        if (udpFeed == null && symbols.isEmpty())
        {
            throw new IllegalArgumentException("FIX market data needs the symbols to subscribe to");
        }
        if (stallLength.isNegative() || stallPeriod.compareTo(stallLength) <= 0)
        {
            throw new IllegalArgumentException("a stall must last from zero to less than its period: " +
                stallLength + " every " + stallPeriod);
        }
    }

    /**
     * As the canonical constructor, with no password.
     */
    public StrategySettings(
        final InetSocketAddress udpFeed,
        final String marketHost,
        final int marketPort,
        final String senderCompId,
        final String targetCompId,
        final String beginString,
        final int echoTag,
        final List<String> symbols,
        final Duration stallLength,
        final Duration stallPeriod)
    {
        this(udpFeed, marketHost, marketPort, senderCompId, targetCompId, beginString, echoTag, symbols, stallLength,
            stallPeriod, null);
    }

    /**
     * A strategy reading the SBE/UDP feed at {@code udpFeed}, FIX 4.4, echoing in Text (58), never stalled.
     */
    public static StrategySettings udp(final InetSocketAddress udpFeed, final String marketHost, final int marketPort)
    {
        return new StrategySettings(udpFeed, marketHost, marketPort, DEFAULT_SENDER_COMP_ID, DEFAULT_TARGET_COMP_ID,
            FIX_4_4, TEXT_TAG, List.of(), Duration.ZERO, Duration.ofSeconds(1), null);
    }

    /**
     * A strategy reading FIX market data of {@code symbols} on its order session, echoing in Text (58), never
     * stalled.
     */
    public static StrategySettings fix(final List<String> symbols, final String marketHost, final int marketPort)
    {
        return new StrategySettings(null, marketHost, marketPort, DEFAULT_SENDER_COMP_ID, DEFAULT_TARGET_COMP_ID,
            FIX_4_4, TEXT_TAG, symbols, Duration.ZERO, Duration.ofSeconds(1), null);
    }

    public StrategySettings withEchoTag(final int tag)
    {
        return new StrategySettings(udpFeed, marketHost, marketPort, senderCompId, targetCompId, beginString, tag,
            symbols, stallLength, stallPeriod, password);
    }

    public StrategySettings withBeginString(final String version)
    {
        return new StrategySettings(udpFeed, marketHost, marketPort, senderCompId, targetCompId, version, echoTag,
            symbols, stallLength, stallPeriod, password);
    }

    public StrategySettings withCompIds(final String sender, final String target)
    {
        return new StrategySettings(udpFeed, marketHost, marketPort, sender, target, beginString, echoTag, symbols,
            stallLength, stallPeriod, password);
    }

    public StrategySettings withStall(final Duration length, final Duration period)
    {
        return new StrategySettings(udpFeed, marketHost, marketPort, senderCompId, targetCompId, beginString, echoTag,
            symbols, length, period, password);
    }

    /**
     * @param secret the password the market's venue profile names.
     */
    public StrategySettings withPassword(final String secret)
    {
        return new StrategySettings(udpFeed, marketHost, marketPort, senderCompId, targetCompId, beginString, echoTag,
            symbols, stallLength, stallPeriod, secret);
    }

    /**
     * @return whether triggers come from FIX market data rather than the UDP feed.
     */
    public boolean fixFeed()
    {
        return udpFeed == null;
    }
}
