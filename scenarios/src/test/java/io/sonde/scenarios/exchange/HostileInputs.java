package io.sonde.scenarios.exchange;

import java.util.List;
import java.util.Random;

/**
 * Seeded hostile FIX content: values no exchange should accept and messages no well-behaved client sends.
 * The same seed yields the same sequence of inputs, so a failure found by {@code GatewayFuzzTest} is
 * reproduced by running it again with that seed. Fields are written with '|' for SOH.
 */
final class HostileInputs
{
    static final String TIME = "60=20261122-12:00:00.000|";

    private static final List<String> PRICES = List.of("99999999999999999999", "1e3", "-5", "NaN", "Infinity",
        "1.2.3", "1..5", "0.0.1", "799.99.", "1.123456", "0", "-0", "0x10", "1,5", " 5", "5 ", "+5", ".", "-",
        "1000001", "0.00001", "1.0000000000000000000001", "");
    private static final List<String> QUANTITIES = List.of("0", "-1", "1.0.0", "2.5", "NaN", "1e3",
        "99999999999999999999", "100000001", "", "1..0", "+1", "--1", "0.1");
    private static final List<String> SIDES = List.of("7", "X", "", "12", "0");
    private static final List<String> ORDER_TYPES = List.of("Z", "9", "", "22");
    private static final List<String> TIMES_IN_FORCE = List.of("9", "X", "", "33");
    private static final List<String> SYMBOLS = List.of("NOPE", "", "SONDE.A.TOO.LONG.FOR.THE.BOOK", "sonde.a");
    private static final List<String> UNSUPPORTED_TYPES = List.of("ZZ", "W", "R", "AE", "B", "E", "j", "8", "9",
        "BE", "XYZ", "I", "U1", "6", "AB", "s");

    private final Random random;

    HostileInputs(final long seed)
    {
        random = new Random(seed);
    }

    Random random()
    {
        return random;
    }

    int between(final int lowInclusive, final int highExclusive)
    {
        return lowInclusive + random.nextInt(highExclusive - lowInclusive);
    }

    <T> T pick(final List<T> values)
    {
        return values.get(random.nextInt(values.size()));
    }

    String unsupportedType()
    {
        return pick(UNSUPPORTED_TYPES);
    }

    /**
     * The body of a NewOrderSingle that must be refused: at least one of its fields is bad by construction,
     * and it may carry duplicate or unknown tags on top.
     *
     * @param clOrdId a valid ClOrdID, replaced when the ClOrdID itself is the bad field.
     */
    String badOrder(final String clOrdId)
    {
        String id = clOrdId;
        String symbol = "SONDE.A";
        String side = "1";
        String ordType = "2";
        String timeInForce = "0";
        String quantity = "10";
        String price = "100";
        String omitted = "";
        switch (random.nextInt(9))
        {
            case 0 -> id = random.nextBoolean() ? "" : clOrdId + "-0123456789012345678901234567890123456789";
            case 1 -> symbol = pick(SYMBOLS);
            case 2 -> side = pick(SIDES);
            case 3 -> ordType = pick(ORDER_TYPES);
            case 4 -> timeInForce = pick(TIMES_IN_FORCE);
            case 5, 6 -> quantity = pick(QUANTITIES);
            case 7 -> price = pick(PRICES);
            default -> omitted = pick(List.of("55", "54", "38", "40", "11"));
        }
        final StringBuilder body = new StringBuilder();
        appendUnless(body, omitted, "11", id);
        appendUnless(body, omitted, "55", symbol);
        appendUnless(body, omitted, "54", side);
        body.append("59=").append(timeInForce).append('|').append(TIME);
        appendUnless(body, omitted, "38", quantity);
        appendUnless(body, omitted, "40", ordType);
        body.append("44=").append(price).append('|');
        switch (random.nextInt(6))
        {
            case 0 -> body.append("44=").append(pick(PRICES)).append('|');
            case 1 -> body.append("9999=").append(random.nextInt()).append('|');
            case 2 -> body.append("38=").append(pick(QUANTITIES)).append('|');
            default ->
            {
            }
        }
        return body.toString();
    }

    /**
     * A cancel (F) or replace (G) of an order that does not exist, sometimes with hostile numbers too.
     */
    String cancelOrReplaceOfNothing(final String msgType, final String clOrdId)
    {
        final String common = "41=nothing-" + random.nextInt(1_000_000) + "|11=" + clOrdId + "|55=SONDE.A|54=1|" +
            TIME;
        return "F".equals(msgType) ? common :
            common + "38=" + (random.nextBoolean() ? "10" : pick(QUANTITIES)) + "|40=2|44=" +
                (random.nextBoolean() ? "100" : pick(PRICES)) + "|";
    }

    /**
     * The body of a MarketDataRequest (V) that must be refused, with a MarketDataRequestReject (Y) or a session
     * Reject: an unknown symbol, no symbol, a missing or unparsable field, or an option the exchange does not serve.
     */
    String badMarketDataRequest(final String mdReqId)
    {
        final String types = "267=2|269=0|269=1|";
        final String symbol = "146=1|55=SONDE.A|";
        return switch (random.nextInt(10))
        {
            case 0 -> "262=" + mdReqId + "|263=1|264=0|" + types + "146=2|55=SONDE.A|55=" + pick(SYMBOLS) + "|";
            case 1 -> "262=" + mdReqId + "|263=1|264=0|" + types + "146=0|";
            case 2 -> "262=" + mdReqId + "|263=1|264=0|" + types;
            case 3 -> "263=1|264=0|" + types + symbol;
            case 4 -> "262=" + mdReqId + "|263=1|264=" + pick(List.of("1", "5", "x", "-1", "")) + "|" + types + symbol;
            case 5 -> "262=" + mdReqId + "|263=1|264=0|265=" + pick(List.of("0", "7", "x")) + "|" + types + symbol;
            case 6 -> "262=" + mdReqId + "|263=1|264=0|266=Y|" + types + symbol;
            case 7 -> "262=" + mdReqId + "|263=1|264=0|267=1|269=" + pick(List.of("9", "A", "")) + "|" + symbol;
            case 8 -> "262=" + mdReqId + "|263=" + pick(List.of("7", "x", "")) + "|264=0|" + types + symbol;
            default -> "262=" + mdReqId + "|263=2|264=0|" + types + symbol;
        };
    }

    private static void appendUnless(
        final StringBuilder body, final String omitted, final String tag, final String value)
    {
        if (!tag.equals(omitted))
        {
            body.append(tag).append('=').append(value).append('|');
        }
    }

    /**
     * Bytes that are not FIX at all.
     */
    byte[] garbage(final int length)
    {
        final byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }
}
