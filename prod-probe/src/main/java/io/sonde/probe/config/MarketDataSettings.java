package io.sonde.probe.config;

/**
 * The probe's watch on the venue's public FIX market data ({@code market.data=fix}): a session of its own on the
 * order gateway, whose CompIDs default to the first order session's SenderCompID with {@code -MD} and the order
 * sessions' TargetCompID, as {@code sonde run --market-data fix} logs on.
 *
 * @param senderCompId the market data session's SenderCompID, or null for the default.
 * @param targetCompId its TargetCompID, or null for the order sessions' own.
 */
public record MarketDataSettings(String senderCompId, String targetCompId)
{
    /** The one source the probe reads: {@code market.data=fix}. */
    public static final String FIX = "fix";
    /** The default: no market data session. */
    public static final String OFF = "off";
}
