package io.sonde.market;

import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.loadgen.record.SeriesRecorder;
import io.sonde.loadgen.transport.CompletionHandler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * One reaction taken on the market's thread, as {@code MarketSessions} takes a NewOrderSingle before answering
 * it: the arrival read from the clock, the pre-encoded order decoded by Artio's generated decoder (reset first),
 * checked ({@code OrderChecks}: symbol, side, quantity, type, price), then matched ({@code match=echo}: the echo
 * tag scanned and the trigger looked up by its sequence number; {@code match=price}: the price turned to four
 * decimals and looked up with its symbol and side), the trigger answered in the table, its price freed, and the
 * answer's tick-to-trade recorded in HdrHistogram as the load agent records it. The trigger is put back awaiting
 * each operation. Not included: the ExecutionReport's encoding and Artio's send ({@code OrderAnswers}), which need
 * a logged-on session.
 */
@State(Scope.Thread)
public class ReactionMatchBenchmark extends HotPathBenchmark
{
    private static final long SEQUENCE = 1_048_577;
    private static final long PRICE = 1_000_051;
    private static final List<MarketSymbol> SYMBOLS = List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 100), new MarketSymbol("SONDE.B", 505_000, 50, 10));

    @Param({"echo", "price"})
    public String match;

    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private final SeriesRecorder tickToTrade = new SeriesRecorder("corrected");
    private final CompletionHandler recording = new CompletionHandler()
    {
        public void onAcknowledged(final long requestId, final long responseNanos)
        {
            tickToTrade.record(responseNanos - intendedNanos);
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
        }
    };
    private TriggerTable table;
    private PriceKeys keys;
    private OrderChecks checks;
    private ReactionMatcher matcher;
    private MutableAsciiBuffer message;
    private int length;
    private long intendedNanos;
    private long requestId;

    @Setup(Level.Trial)
    public void setUp()
    {
        final SymbolIndex symbols = new SymbolIndex(SYMBOLS);
        table = new TriggerTable(Market.TRIGGER_CAPACITY);
        keys = new PriceKeys(Market.TRIGGER_CAPACITY);
        checks = new OrderChecks(symbols);
        matcher = new ReactionMatcher(MatchMode.valueOf(match.toUpperCase(Locale.ROOT)), 58, table, keys,
            symbols);
        matcher.handler(recording);
        final byte[] bytes = ("8=FIX.4.4|9=178|35=D|34=1052|49=APP|52=20261128-06:00:00.000000123|56=SONDEMKT|" +
            "11=R1048577|21=1|55=SONDE.A|54=2|38=100|40=2|44=100.0051|59=0|58=" + SEQUENCE +
            "|60=20261128-06:00:00.000000100|10=123|").replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        message = new MutableAsciiBuffer(bytes);
        length = bytes.length;
        arm();
        if (!react())
        {
            throw new IllegalStateException("the order answered no trigger");
        }
    }

    /**
     * @return whether the order answered its trigger.
     */
    @Benchmark
    public boolean reaction()
    {
        arm();
        return react();
    }

    private boolean react()
    {
        final long arrivalNanos = System.nanoTime();
        order.reset();
        order.decode(message, 0, length);
        return checks.check(order) == OrderChecks.OK &&
            matcher.onOrder(message, 0, length, order, checks.symbolIndex(), arrivalNanos);
    }

    /**
     * A trigger awaiting at the order's sequence number and price, as a trigger just sent.
     */
    private void arm()
    {
        intendedNanos = System.nanoTime();
        final int slot = table.add(SEQUENCE, requestId++, intendedNanos, 0, PriceKeys.BID, PRICE);
        keys.put(PRICE, 0, PriceKeys.BID, slot);
    }
}
