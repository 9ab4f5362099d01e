package io.sonde.market;

import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReactionMatcherTest
{
    private static final List<MarketSymbol> SYMBOLS = List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 1), new MarketSymbol("SONDE.B", 2_000_000, 100, 1));
    private final TriggerTable table = new TriggerTable(64);
    private final PriceKeys keys = new PriceKeys(64);
    private final RecordingHandler handler = new RecordingHandler();
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private MutableAsciiBuffer raw;

    @Test
    void anEchoOfAnAwaitingTriggerIsItsAnswerAtTheOrdersArrival()
    {
        final ReactionMatcher matcher = matcher(MatchMode.ECHO, 58);
        trigger(1_001, 7, 0, PriceKeys.BID, 999_901);

        assertTrue(offer(matcher, "11=X1|55=SONDE.A|54=2|38=1|40=2|44=99.9901|58=1001|", 0, 5_000));

        assertEquals(List.of(7L), handler.acknowledged);
        assertEquals(List.of(5_000L), handler.responseNanos);
        assertEquals(TriggerTable.NONE, keys.slotOf(999_901, 0, PriceKeys.BID));
        assertEquals(0, matcher.withoutTrigger());
    }

    @Test
    void namesEachOrderWithoutATriggerWithWhy()
    {
        final ReactionMatcher matcher = matcher(MatchMode.ECHO, 58);
        trigger(1_001, 7, 0, PriceKeys.BID, 999_901);

        assertFalse(offer(matcher, "11=X17|55=SONDE.A|54=2|38=1|40=2|44=99.9901|", 0, 1));
        assertFalse(offer(matcher, "11=X18|55=SONDE.A|54=2|38=1|40=2|44=99.9901|58=abc|", 0, 2));
        assertFalse(offer(matcher, "11=X19|55=SONDE.A|54=2|38=1|40=2|44=99.9901|58=77|", 0, 3));

        assertEquals(3, matcher.withoutTrigger());
        assertEquals(List.of("ClOrdID X17: tag 58 absent", "ClOrdID X18: 58=abc is not a trigger number",
            "ClOrdID X19: 58=77 names no trigger"), matcher.named().lines());
        assertTrue(handler.acknowledged.isEmpty());
    }

    @Test
    void aSecondAnswerIsADuplicateAndAnAnswerAfterTheMissIsLate()
    {
        final ReactionMatcher matcher = matcher(MatchMode.ECHO, 5001);
        trigger(10, 1, 0, PriceKeys.OFFER, 1_000_099);
        trigger(11, 2, 0, PriceKeys.OFFER, 1_000_098);

        assertTrue(offer(matcher, "11=A|55=SONDE.A|54=1|38=1|40=2|44=100.0099|5001=10|", 0, 100));
        assertFalse(offer(matcher, "11=B|55=SONDE.A|54=1|38=1|40=2|44=100.0099|5001=10|", 0, 200));
        assertEquals(1, matcher.duplicates());
        final int missed = table.expireOldest(2_000, 1_000);
        assertEquals(table.slotOf(11), missed);
        assertFalse(offer(matcher, "11=C|55=SONDE.A|54=1|38=1|40=2|44=100.0098|5001=11|", 0, 3_000));

        assertEquals(1, matcher.late());
        assertEquals(List.of(1L, 2L), handler.acknowledged);
        assertEquals(0, matcher.withoutTrigger());
    }

    @Test
    void byPriceTheOrderAtTheTriggersSymbolOppositeSideAndPriceAnswersIt()
    {
        final ReactionMatcher matcher = matcher(MatchMode.PRICE, 0);
        trigger(20, 4, 1, PriceKeys.BID, 1_999_901);
        trigger(21, 5, 1, PriceKeys.OFFER, 2_000_099);

        assertFalse(offer(matcher, "11=P1|55=SONDE.B|54=1|38=1|40=2|44=199.9901|", 1, 10));
        assertTrue(offer(matcher, "11=P2|55=SONDE.B|54=2|38=1|40=2|44=199.99010|", 1, 20));
        assertTrue(offer(matcher, "11=P3|55=SONDE.B|54=1|38=1|40=2|44=200.0099|", 1, 30));

        assertEquals(List.of(4L, 5L), handler.acknowledged);
        assertEquals(List.of("ClOrdID P1: no trigger at 1 199.9901 SONDE.B"), matcher.named().lines());
    }

    @Test
    void namesOnlyTheFirstTenButCountsEveryOrderWithoutATrigger()
    {
        final ReactionMatcher matcher = matcher(MatchMode.ECHO, 58);
        for (int i = 0; i < 25; i++)
        {
            offer(matcher, "11=N" + i + "|55=SONDE.A|54=1|38=1|40=1|", 0, i);
        }

        assertEquals(25, matcher.withoutTrigger());
        assertEquals(MarketCounts.NAMED_ORDERS, matcher.named().lines().size());
        matcher.clear();
        assertEquals(0, matcher.withoutTrigger());
        assertTrue(matcher.named().lines().isEmpty());
    }

    private ReactionMatcher matcher(final MatchMode mode, final int echoTag)
    {
        final ReactionMatcher matcher = new ReactionMatcher(mode, echoTag, table, keys, new SymbolIndex(SYMBOLS));
        matcher.handler(handler);
        return matcher;
    }

    private void trigger(final long sequence, final long requestId, final int symbol, final byte side, final long price)
    {
        final int slot = table.add(sequence, requestId, 0, symbol, side, price);
        keys.put(price, symbol, side, slot);
    }

    private boolean offer(final ReactionMatcher matcher, final String body, final int symbol, final long arrival)
    {
        final byte[] bytes = ("8=FIX.4.4|9=99|35=D|49=APP|56=SONDEMKT|34=2|" + body + "10=000|")
            .replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        raw = new MutableAsciiBuffer(bytes);
        order.reset();
        order.decode(raw, 0, bytes.length);
        return matcher.onOrder(raw, 0, bytes.length, order, symbol, arrival);
    }
}
