package io.sonde.probe;

import io.sonde.fix.codecs.TimeInForce;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.order.ProbeOrderSpec;

import java.util.Locale;

/**
 * The order a dry run would have sent, in FIX tag=value form, so an operator can check it before going live.
 */
final class DryRunOrder
{
    private DryRunOrder()
    {
    }

    static String describe(final ProbeConfig config, final int number)
    {
        final ProbeOrderSpec order = config.order();
        return String.format(Locale.ROOT,
            "35=D|49=%s|56=%s|11=%s<%d>|1=%s|55=%s|54=%c|38=%d|40=2|44=%d.%02d|59=%c",
            config.senderCompId(), config.targetCompId(), config.clOrdIdPrefix(), number, order.account(),
            order.symbol(), order.side(), order.quantity(), order.priceCents() / 100, order.priceCents() % 100,
            (order.ioc() ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY).representation());
    }
}
