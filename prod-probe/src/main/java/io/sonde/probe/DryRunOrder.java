package io.sonde.probe;

import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.order.ProbeOrderSpec;

import java.util.Locale;

import static io.sonde.fix.codecs.Constants.ACCOUNT;
import static io.sonde.fix.codecs.Constants.CL_ORD_ID;
import static io.sonde.fix.codecs.Constants.MSG_TYPE;
import static io.sonde.fix.codecs.Constants.NEW_ORDER_SINGLE_MESSAGE_AS_STR;
import static io.sonde.fix.codecs.Constants.ORDER_QTY;
import static io.sonde.fix.codecs.Constants.ORD_TYPE;
import static io.sonde.fix.codecs.Constants.PRICE;
import static io.sonde.fix.codecs.Constants.SENDER_COMP_ID;
import static io.sonde.fix.codecs.Constants.SIDE;
import static io.sonde.fix.codecs.Constants.SYMBOL;
import static io.sonde.fix.codecs.Constants.TARGET_COMP_ID;
import static io.sonde.fix.codecs.Constants.TIME_IN_FORCE;

/**
 * The order a dry run would have sent, in FIX tag=value form, so an operator can check it before going live.
 * Tags and values come from the generated dictionary, so the line names the same fields the probe's encoder sends.
 */
final class DryRunOrder
{
    private static final char SEPARATOR = '|';

    private DryRunOrder()
    {
    }

    static String describe(final ProbeConfig config, final int number)
    {
        final ProbeOrderSpec order = config.order();
        final StringBuilder fix = new StringBuilder(128);
        field(fix, MSG_TYPE, NEW_ORDER_SINGLE_MESSAGE_AS_STR);
        field(fix, SENDER_COMP_ID, config.senderCompId());
        field(fix, TARGET_COMP_ID, config.targetCompId());
        // The probe's ClOrdID is chosen when the order is sent; the dry run shows where its number goes.
        field(fix, CL_ORD_ID, config.clOrdIdPrefix() + "<" + number + ">");
        field(fix, ACCOUNT, order.account());
        field(fix, SYMBOL, order.symbol());
        field(fix, SIDE, String.valueOf(order.side()));
        field(fix, ORDER_QTY, String.valueOf(order.quantity()));
        field(fix, ORD_TYPE, String.valueOf(OrdType.LIMIT.representation()));
        field(fix, PRICE, String.format(Locale.ROOT, "%d.%02d", order.priceCents() / 100, order.priceCents() % 100));
        field(fix, TIME_IN_FORCE,
            String.valueOf((order.ioc() ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY).representation()));
        return fix.toString();
    }

    private static void field(final StringBuilder fix, final int tag, final String value)
    {
        if (fix.length() > 0)
        {
            fix.append(SEPARATOR);
        }
        fix.append(tag).append('=').append(value);
    }
}
