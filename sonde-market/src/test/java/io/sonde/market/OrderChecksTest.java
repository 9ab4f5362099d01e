package io.sonde.market;

import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OrderChecksTest
{
    private static final String HEAD = "8=FIX.4.4|9=100|35=D|49=APP|56=SONDEMKT|34=2|52=20261128-06:00:00.000|11=C1|";
    private final OrderChecks checks = new OrderChecks(new SymbolIndex(List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 1), new MarketSymbol("SONDE.B", 500_000, 100, 1))));

    @Test
    void takesALimitOrderOnAKnownSymbol()
    {
        assertEquals(OrderChecks.OK, check("55=SONDE.B|54=1|38=100|40=2|44=50.0101|60=20261128-06:00:00.000|"));
        assertEquals(1, checks.symbolIndex());
        assertEquals(OrderChecks.OK, check("55=SONDE.A|54=2|38=1|40=1|60=20261128-06:00:00.000|"));
    }

    @Test
    void namesTheFirstFieldThatIsWrong()
    {
        assertEquals(OrderChecks.UNKNOWN_SYMBOL, check("55=OTHER|54=1|38=100|40=2|44=1|"));
        assertEquals(OrderChecks.UNKNOWN_SYMBOL, check("55=SONDE.AB|54=1|38=100|40=2|44=1|"));
        assertEquals(OrderChecks.BAD_SIDE, check("55=SONDE.A|54=7|38=100|40=2|44=1|"));
        assertEquals(OrderChecks.BAD_QUANTITY, check("55=SONDE.A|54=1|38=0|40=2|44=1|"));
        assertEquals(OrderChecks.BAD_QUANTITY, check("55=SONDE.A|54=1|40=2|44=1|"));
        assertEquals(OrderChecks.BAD_ORDER_TYPE, check("55=SONDE.A|54=1|38=5|40=3|44=1|"));
        assertEquals(OrderChecks.NO_PRICE, check("55=SONDE.A|54=1|38=5|40=2|"));
    }

    @Test
    void theRejectTextNamesTheField()
    {
        assertEquals("Price (44) is missing on a limit order", OrderChecks.text(OrderChecks.NO_PRICE));
        assertEquals("Side (54) must be 1 (buy) or 2 (sell)", OrderChecks.text(OrderChecks.BAD_SIDE));
        assertEquals("Symbol (55) is not traded here", OrderChecks.text(OrderChecks.UNKNOWN_SYMBOL));
        assertEquals("OrderQty (38) must be positive", OrderChecks.text(OrderChecks.BAD_QUANTITY));
    }

    private int check(final String body)
    {
        final byte[] bytes = (HEAD + body + "10=000|").replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        final MutableAsciiBuffer buffer = new MutableAsciiBuffer(bytes);
        final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
        order.decode(buffer, 0, bytes.length);
        return checks.check(order);
    }
}
